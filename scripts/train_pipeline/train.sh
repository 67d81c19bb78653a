#!/usr/bin/env bash
# Exact commands that built models/kg_parsed (as ./model-best; run from this folder).
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p logs
# 1. environment
[ -x .venv/bin/python ] || { python3 -m venv .venv && .venv/bin/pip install 'spacy>=3.8,<3.9'; }
# 2. corpora -> DocBin (deterministic)
.venv/bin/python convert.py --corpora ../../../shared/corpora --out corpus --sents-per-doc 10
.venv/bin/python check_examples.py > logs/check_examples.txt
# 3. train: one core, niced, fixed seed (in config.cfg) and fixed step count
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1
nice -n 10 .venv/bin/python -m spacy train config.cfg \
  --paths.train corpus/train.spacy --paths.dev corpus/dev.spacy \
  --training.max_steps 10000 --training.eval_frequency 1000 \
  -o training > logs/train.log 2>&1
# 4. the better of model-best / model-last on dev -> ./model-best, meta.json with sources
.venv/bin/python finalize.py
