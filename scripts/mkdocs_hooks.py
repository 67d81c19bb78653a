"""MkDocs hooks of the documentation site (mkdocs.yml names this file).

A table cell that shows a choice in code (`--ner shipped\\|none`) escapes its pipe for
GitHub, where an unescaped one ends the cell even inside backticks; Python-Markdown keeps
pipes in code spans inside the cell and would print the backslash, so the site drops it."""

from __future__ import annotations

import re

CODE = re.compile(r"`[^`\n]*`")


def on_page_markdown(markdown: str, **_: object) -> str:
    lines = []
    for line in markdown.split("\n"):
        if line.startswith("|"):
            line = CODE.sub(lambda m: m.group(0).replace("\\|", "|"), line)
        lines.append(line)
    return "\n".join(lines)
