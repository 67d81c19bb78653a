"""The exceptions kg raises and the catalogue of their messages, each with a stable code.

KGError                  base class; ``code`` is the message's stable identifier, ``exit_code`` the status
├── InputError           an article, path or argument cannot be used (missing, empty, binary, ...)
├── StoreError           the store cannot be opened or written (path is a file, in use, ...)
├── QueryError           a SPARQL query is unknown, malformed or not allowed (exit 2)
├── ModelError           an optional spaCy pipeline is not installed
├── ValidationError      an ontology or shapes file is unusable
├── RemoteError          a remote graph store or the SPARQL server failed (exit 4)
├── OutputError          an output file cannot be written (a folder, a device, a full disk, ...)
└── CurationError        a correction cannot be made (an unknown or ambiguous entity, a bad fact IRI, ...)

Every message lives in ``Errors`` under its code, as spaCy's ``Errors`` does: reading
``Errors.KG101`` gives the template with its code in front ("[KG101] ..."), and the
raise site fills it in with ``.format(...)``. A code is never reused for another message;
users and tests can search for it. The CLI prints ``kg: [KG101] ...`` and exits with the
exception's ``exit_code``.

Ranges: KG0xx a build step failed (KGError itself), KG1xx input, KG2xx store,
KG3xx query, KG4xx model, KG5xx validation, KG6xx remote, KG7xx output files, KG8xx curation
(kg merge, retype, relabel, split, reject, affiliate, curation: CurationError).
"""

from __future__ import annotations

import re

_CODE = re.compile(r"^\[(KG\d{3})\] ")


class _Catalogue(type):
    def __getattribute__(cls, name: str) -> str:
        value = super().__getattribute__(name)
        if name.startswith("KG") and isinstance(value, str):
            return f"[{name}] {value}"
        return value


class Errors(metaclass=_Catalogue):
    """code -> message template. Add new messages at the end of their range.

    Reserved for messages being added elsewhere: KG150-KG199 (ingest), KG650-KG699
    (push), KG700-KG749 (output files).
    """

    # KG0xx: failures of no more specific kind (KGError itself)
    KG001 = ("an extraction worker died (out of memory?); what was written so far is whole; "
             "run the build again, perhaps with fewer --jobs")
    KG002 = "{path}: extraction failed ({kind}: {detail})"

    # KG1xx: input (InputError). KG150-KG199 are kept for the ingest hardening.
    KG101 = "{path}: no such file or folder"
    KG102 = "{path}: no such file or folder (a broken link)"
    KG103 = "{path}: no articles found (looked for {suffixes} files)"
    KG104 = "{path}: unsupported file type {suffix!r}; kg reads {suffixes}"
    KG105 = "{path}: cannot read folder ({reason})"
    KG106 = "{path}: symlink loop (this folder was already read); skipped"
    KG107 = "{path}: broken link; skipped"
    KG108 = "{path}: cannot read ({reason})"
    KG109 = "{path}: {size:,} bytes is over the size limit (--max-chars {limit:,}); skipped"
    KG110 = "{path}: starts with a UTF-16 mark but is not UTF-16 ({reason})"
    KG111 = "{path}: looks like a binary file, not text"
    KG112 = "{path}: no article text found in the HTML page"
    KG113 = "{where}: not valid JSON ({reason} at column {column})"
    KG114 = "{where}: a JSON object per line is expected"
    KG115 = "{where}: no text in field {field!r}"
    KG116 = "{source}: empty article (no text)"
    KG117 = "{source}: {chars:,} characters of text is over the limit of {limit:,} (--max-chars); skipped"
    KG118 = "{source}: metadata.csv 'published' is {value!r}, not YYYY-MM-DD; left unknown"
    KG119 = "{path}: metadata.csv needs a header row with a 'file' column"
    KG120 = "{path}: cannot read metadata.csv ({reason})"
    KG121 = "{path}: another article is also named {source!r} ({other}); article names must be unique"
    KG122 = "--field {key}=...: unknown key; use one of {keys}"
    KG123 = "--field {value!r}: expected KEY=NAME, e.g. --field text=body"
    KG124 = "--model and --no-model contradict each other; give one"
    KG125 = "--executor dask needs --scheduler ADDRESS (e.g. tcp://127.0.0.1:8786)"
    KG126 = "--executor dask reads files and folders, not standard input"
    KG127 = "--scheduler, --parts, --keep-parts and --push go with --executor dask"
    KG128 = "--executor dask needs Dask distributed: pip install 'kg[dask]'"
    KG129 = "no article {source!r} in the store; give a source name as 'kg articles' lists them"
    KG130 = "no entity named {name!r} in the store{hint} (--focus takes an entity's label or alias)"
    KG131 = "{option} {value!r}: {problem}"
    KG132 = "{path}: no such file"
    KG133 = "{path}: cannot tell the RDF format from the suffix; pass --format"
    KG134 = "{path}: not valid {fmt}: {reason}"
    KG135 = "{path}: cannot read as {fmt}: {reason}"
    KG136 = "unknown RDF format {fmt!r}; choose one of {formats}{hint}"
    KG137 = "{path}: not a folder of gold files"
    KG138 = "{path}: no gold files (*.json)"
    KG139 = "{path}: not a gold annotation file ({reason})"
    KG140 = "{path}: not a folder (--corpus must be the uner-english-ewt folder)"
    KG141 = "{path} not found: --corpus must be the uner-english-ewt folder"
    KG142 = "-o and --into-package contradict each other; give one"
    KG143 = "--ner {ner} and {old} contradict each other; give one"
    KG144 = "published is {value!r}, not a date (YYYY-MM-DD)"
    KG145 = "{path}: not a folder of the training corpora (--corpora must hold {names})"
    KG146 = ("give --corpora (the whole pipeline, as shipped), --corpus (an NER-only model) or --ner-corpora (an "
             "NER on more corpora), one of them")
    KG147 = "{path}: not empty and not a spaCy pipeline; kg train replaces only a pipeline folder (or writes a new one)"
    KG148 = ("{path}: not a stage-1 kg pipeline (config.cfg with tok2vec of width 96, tagger, morphologizer and "
             "NER); --parser-from takes the folder a stage-1 run wrote")
    KG149 = "{path}: --parser-from is the folder this run would replace; write the new pipeline elsewhere with -o"

    # KG2xx: the store (StoreError)
    KG201 = "no kg store at {path}; run 'kg build' first or pass --store"
    KG202 = "store path {path} is a file, not a store folder"
    KG203 = "{path} is a folder that is not a kg store"
    KG204 = "store {path} is in use by {holder}; try again when it ends (reading with kg query works meanwhile)"
    KG205 = "cannot open store {path}: {reason}"
    KG206 = "cannot write to store {path}: {reason}"
    KG207 = ("store {path} is damaged: its RocksDB CURRENT file is missing; nothing was changed; {hint}"
             "restore the folder from a backup, or build into a new store (--store NEW)")
    KG208 = ("{file}: cannot read it ({reason}); it only records the file each article was read from: "
             "move it away and run again (kg then cannot tell a same-named file from another folder)")
    KG209 = ("{file}: the {n} article(s) were written, but where they were read from was not recorded "
             "({reason})")
    KG210 = ("{path}: the store already has an article named {source!r} with another text, read from a file "
             "it no longer knows (its locations.sqlite was lost or cut short); nothing was replaced: rename "
             "this file, or run 'kg remove {source}' first if it is that article, changed")
    KG211 = ("{path}: the store holds another version of the article {source!r} (another text); nothing was "
             "loaded: give --replace to put the file's version in its place, or run 'kg remove {source}' first")
    KG212 = ("--graph {graph}: kg's own graph ({what}), written only by kg's commands; nothing was loaded: "
             "{hint}")
    # KG218-KG219: corrections as transactions (kg.store.journal)
    KG218 = ("cannot finish writing to store {path} ({reason}): the change is recorded in its journal and the "
             "next kg command that writes to the store (kg curation apply) finishes it once the cause is gone")

    # KG3xx: queries (QueryError)
    KG301 = "query file {path} not found"
    KG302 = "unknown named query {name!r}; 'kg queries' lists them: {names}{hint}"
    KG303 = "this is a SPARQL update; kg query is read-only unless --update is given"
    KG304 = "the store was opened read-only"
    KG305 = "malformed SPARQL update: {reason}"
    KG306 = "malformed SPARQL query: {reason}"
    KG307 = "cannot bind parameter: {reason}"
    KG308 = "query failed: {reason}"
    KG309 = "query stopped after {seconds:g} s without a row (--timeout); narrow it or raise the limit"
    KG310 = "query process ended abnormally (status {status})"
    KG311 = "the graph at {path} is closed"
    KG313 = ("no entity named {name!r} in the store{hint} (give a label, an alias or an IRI; kg query entities "
             "lists them)")
    KG314 = "{n} entities are named {name!r}: {choices}; give the one you mean by its IRI"
    KG315 = "--endpoint gives plain values: use --format table or csv, not {fmt}"
    # KG340-KG349: what a query may ask of the engine (kg.query.guard; issue 41)
    KG340 = "the query nests brackets {depth:,} deep; kg runs queries nested at most {limit} deep"
    KG341 = ("{word} {iri} refused: kg does not send requests to other endpoints unless told to "
             "({option} allows that one)")
    KG342 = ("the query engine (Oxigraph) crashed on this query ({reason}); the store is unchanged. It is an "
             "Oxigraph bug (docs/oxigraph-panic.md); an ORDER BY on fewer variables may avoid it")

    # KG4xx: spaCy pipelines (ModelError)
    KG401 = ("spaCy pipeline {model!r} is not installed; install it with 'pip install {model}' "
             "(or 'python -m spacy download {model}' where a network is available), or choose another --ner")
    KG402 = "the shipped NER model is missing from {path}; reinstall kg or use --ner none"
    KG403 = "--ner {ner!r}: expected {shipped!r}, {none!r} or an installed spaCy pipeline"

    # KG6xx: remote stores and servers (RemoteError). KG650-KG699 are kept for push hardening.
    KG601 = "{endpoint}: the endpoint must be an http:// or https:// URL"
    KG602 = "the endpoint refused our credentials ({status}) at {url}: check --user/--password or the token variable"
    KG603 = "no Graph Store endpoint at {url} (404): check the URL form for your store (kg push --help lists them)"
    KG604 = "the endpoint says a request is too large (413): use a smaller --batch-size"
    KG605 = "the endpoint answered {status} at {url}"
    KG606 = "the endpoint answered {status} at {url}: {detail}"
    KG607 = "{url} did not answer within {seconds:g} s (after {tries} tries); raise --timeout"
    KG608 = "cannot reach {url}: {reason} (after {tries} tries)"
    KG609 = "cannot reach the Dask scheduler at {scheduler}: {reason}"
    KG610 = "the oxigraph server is not installed; pip install oxigraph"
    # KG630-KG639: kg serve (kg.store.front; issue 41)
    KG630 = "cannot listen on {bind} port {port}: {reason}"
    KG631 = "the SPARQL engine did not start: {reason}"
    KG650 = ("{url}: the endpoint redirects ({status}) to {location}; kg push does not follow redirects "
             "(the request body and credentials would not survive them): pass the final URL as --endpoint")
    KG651 = ("{endpoint}: credentials in the URL are refused (they show in ps, logs and messages): give --user "
             "and set KG_PUSH_PASSWORD, or use --netrc")
    KG652 = "{url}: the endpoint stored {reported} of the {sent} triples sent in a batch; the push is incomplete"
    KG653 = "--user {user} needs a password: set KG_PUSH_PASSWORD or use --netrc"
    KG654 = "--netrc: no entry for {host} in {path}"
    KG655 = "--netrc: cannot read {path} ({reason})"
    KG656 = "--password is deprecated (other users see it in ps); set KG_PUSH_PASSWORD or use --netrc"
    KG670 = "{url}: the endpoint's answer is over {limit}; kg reads at most that much of a graph store's answer"
    KG657 = ("the bearer token in ${var} holds a space, a control character or a character outside ASCII, "
             "which no HTTP header can carry; check the variable (its value is not shown)")

    # KG690-KG699: named queries on a remote SPARQL endpoint (kg.query.remote)
    KG690 = "{endpoint}: credentials in the URL are refused (they show in ps, logs and messages)"
    KG691 = "{url}: the endpoint redirects ({status}) to {location}; give the final URL"
    KG692 = "the SPARQL endpoint at {url} refused the query (400): {detail}"
    KG693 = "the SPARQL endpoint at {url} did not answer within {seconds:g} s"
    KG694 = "cannot reach the SPARQL endpoint at {url}: {reason}"
    KG695 = "{url}: the answer is not SPARQL JSON results ({reason})"
    KG696 = "{url}: only a SELECT query is run on a remote endpoint, not {form}"
    KG697 = ("{url}: the endpoint cut the answer at {rows} rows (Virtuoso: [SPARQL] ResultSetMaxRows in "
             "virtuoso.ini); raise that limit or narrow the query")
    KG698 = "{url}: the answer is over {limit}; narrow the query or give it a LIMIT"

    # KG7xx: output files (OutputError).
    KG701 = "{path}: is a folder; -o takes a file name"
    KG702 = "{path}: is a {kind}, not a regular file; kg writes only regular files"
    KG703 = "{path}: no such folder {folder}"
    KG704 = "{path}: cannot write ({reason}); nothing was changed"
    KG705 = "cannot write to standard output ({reason})"
    # KG750-KG769: views (kg render, kg timeline)
    KG750 = "--all and --top contradict each other; give one"

    # KG150-KG199: input hardening (issue 15); errors are InputError, the KG156-KG158 texts are warnings
    KG150 = "{where}: id {ident!r} is already used on line {first} of this file; skipped (ids must be unique)"
    KG151 = "{path}: not a regular file ({kind}); skipped"
    KG152 = "{where}: a line of over {limit:,} bytes is over the size limit (--max-chars {max_chars:,}); skipped"
    KG153 = "{where}: not valid JSON (nested too deeply)"
    KG154 = ("{path}: the store already has an article named {source!r}, read from {other}; rename this file, "
             "or run 'kg remove {source}' first to replace that article")
    KG155 = "standard input: over {limit:,} bytes is over the size limit (--max-chars {max_chars:,})"
    KG156 = "{name}: front matter uses YAML anchors or aliases, which kg does not expand; read as text"
    KG157 = "{name}: front matter is nested more than {depth} levels deep; read as text"
    KG158 = "{where}: publication date {value!r} is not a full calendar date (day, month and year); left unknown"
    KG159 = "{where}: not valid JSON ({reason})"
    KG160 = "{option} {value!r} is not an IRI ({reason}); give an absolute IRI such as https://example.org/graph/news"
    KG161 = "{path}: the HTML page could not be read ({reason}); skipped"
    KG162 = ("RDF/XML cannot hold named graphs: the union of the article graphs is written (kg load puts each "
             "triple back into its article); use --format nquads, trig or jsonld to keep the graphs")
    KG163 = ("{path}: holds no kg article (no kg:sourceFile); its triples went into a graph of their own, "
             "which the named queries do not read")
    KG164 = ("none of the {n} gold articles in {path} is in the store {store} ({articles}); build them into it "
             "first, or pass --store")
    KG165 = "{n} of the {total} gold articles are not in the store (scored as missed): {articles}"
    KG166 = "{where}: no field {field!r} (the fields are: {fields}); name the text field with --field text={guess}"
    KG167 = "no article {source!r} in the store; did you mean {close!r}? ('kg articles' lists the source names)"
    KG168 = "--parser-from and --parser-steps go with --corpora (the whole pipeline), not with --corpus"
    KG169 = ("{store}: holds facts written by an older kg (an older RDF layout): the named queries skip them; "
             "run 'kg build' on their articles again to rewrite them")
    KG175 = "{path}: no such recipe file (--entity-decider names a JSON list of gold sets, e.g. " \
            "kg/training/decider_data.json)"
    KG176 = "kg train --entity-decider needs scikit-learn: pip install 'kg[train]'"
    KG172 = ("{path}: no such file (a corpus file of kg/training/ner_corpora.json; --ner-corpora must be the "
             "folder holding ner-more)")
    KG173 = "{path}: not a folder of the NER corpora (--ner-corpora must hold {names})"
    KG177 = "{path}: not a spaCy pipeline (--base names a pipeline folder, or 'shipped' for the package's own)"
    KG174 = "no extra NER corpus named {names} (kg/training/ner_corpora.json knows: {known})"
    KG170 = "{where}: field {field!r} holds {kind}, not text; skipped"
    KG179 = ("{name}: Markdown nested more than {depth} levels deep (quotes or lists), past what the Markdown "
             "reader takes; its block marks were dropped and the text read as plain paragraphs")
    KG171 = ("{path}: a link to {target}, outside the folder {root}; not followed (give the target itself "
             "to read it)")

    # KG780-KG789: kg claims (OutputError)
    KG780 = "the named query {name!r} gives no {missing} column; kg claims reads {needed}"
    KG781 = "--html and --format contradict each other; give one"

    # KG8xx: curation (kg merge, retype, relabel, split, reject, affiliate, curation; CurationError).
    # KG813 is a warning.
    KG801 = "no entity {name!r} in the store{hint}"
    KG802 = "{n} entities are named {name!r}: {choices}; give the one to correct by its IRI"
    KG803 = "{value!r} is not an entity type; give Organisation, Person or Place{hint}"
    KG804 = ("{value!r} is not a fact in the store ({reason}); give a fact IRI as 'kg query provenance' prints "
             "it: .../article/SOURCE/aN, cN, dN, eN, qN or mN")
    KG805 = "no correction {n}; 'kg curation' lists them ({have})"
    KG806 = "{name!r} and {other!r} are the same entity <{iri}>; nothing to merge"
    KG807 = "<{iri}> has no mention whose text is {alias!r}; its mentions read {texts}"
    KG808 = "splitting {alias!r} off <{iri}> would give the same entity; relabel it instead"
    KG809 = "no article mentions both <{person}> and <{organisation}>{where}; give --article SOURCE of one that does"
    KG810 = "<{iri}> is a {actual}, not a {expected}; retype it first ('kg retype')"
    KG811 = "the new label is empty"
    KG812 = "{path}: correction {node} is not valid ({reason})"
    KG813 = "correction {n} ({what}) changed no article: its target is no longer in the store"
    KG814 = "<{iri}> is already a {type}; nothing to change"
    KG815 = ("<{person}> is already affiliated with <{organisation}> in {source}; reject that affiliation first "
             "('kg query provenance' names it) or give --article for another article")
    KG816 = "--curation writes the corrections alone, as Turtle: it takes no --format, --graph or --with-ontology"


def did_you_mean(word: str, choices: list[str] | tuple[str, ...] | set[str]) -> str:
    """'; did you mean X?' naming the closest of ``choices`` (difflib), or '' when none is close."""
    import difflib

    close = difflib.get_close_matches(word, sorted(choices), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def catalogue() -> dict[str, str]:
    """Every code with its bare template (for tests and documentation)."""
    return {k: v for k, v in vars(Errors).items() if k.startswith("KG") and isinstance(v, str)}


_KINDS = {"0": "build", "1": "input", "2": "store", "3": "query", "4": "model", "5": "validation",
          "6": "remote", "7": "output", "8": "curation"}


def catalogue_markdown() -> str:
    """The "Error codes" table of docs/cli.md: one row per code, placeholders shown as {name}."""
    rows = ["| code | kind | message |", "| --- | --- | --- |"]
    for code, template in sorted(catalogue().items()):
        text = re.sub(r"\{(\w+)[^}]*\}", r"{\1}", template).replace("|", "\\|")
        rows.append(f"| `{code}` | {_KINDS.get(code[2], '?')} | {text} |")
    return "\n".join(rows) + "\n"


class KGError(Exception):
    code = "KG000"  # the default for a message that is not (yet) in the catalogue
    exit_code = 1

    def __init__(self, message: str = "", *args: object) -> None:
        super().__init__(message, *args)
        m = _CODE.match(message)
        if m:
            self.code = m.group(1)

    @property
    def message(self) -> str:
        """The message without its code."""
        return _CODE.sub("", str(self.args[0]) if self.args else "")

    def __str__(self) -> str:
        """The code and the message, one line, safe on a terminal (kg.terminal.printable: a file
        name or a server's answer quoted in it cannot send control sequences)."""
        from kg.terminal import printable

        return f"[{self.code}] {printable(self.message)}"


class InputError(KGError):
    code = "KG100"


class StoreError(KGError):
    code = "KG200"


class QueryError(KGError):
    code = "KG300"
    exit_code = 2


class ModelError(KGError):
    code = "KG400"


class ValidationError(KGError):
    code = "KG500"


class RemoteError(KGError):
    code = "KG600"
    exit_code = 4


class OutputError(KGError):
    code = "KG700"


class CurationError(KGError):
    code = "KG800"
