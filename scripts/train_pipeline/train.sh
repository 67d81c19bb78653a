#!/usr/bin/env bash
# The command that builds kg's shipped pipeline (kg/nlp/model), run from this folder.
# The conversion (kg/training/treebanks.py), config (kg/training/pipeline.cfg, fixed seed)
# and step count are fixed, so the same command gives the same model.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p logs
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1
nice -n 10 kg train --corpora ../../../shared/corpora --steps 10000 --work-dir work -o model-best \
  > logs/train.log 2>&1
# how missing annotation looks to the trainer (logs/check_examples.txt)
(cd work && python ../check_examples.py) > logs/check_examples.txt
