#!/usr/bin/env python3
"""Validate the dev_news29 gold files: tests/dev_news/validate.py run on this folder."""

import runpy
import sys
from pathlib import Path

here = Path(__file__).resolve().parent
sys.argv = [sys.argv[0], str(here)]
runpy.run_path(str(here.parent / "dev_news" / "validate.py"), run_name="__main__")
