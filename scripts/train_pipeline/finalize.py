"""Pick training/model-best or training/model-last (higher dev score in their meta.json),
copy it to ./model-best and write meta.json: name, sources, licences, training facts."""

import json
import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCES = [
    {"name": "UD English-EWT (Universal Dependencies), answers-genre train documents + dev for model selection",
     "url": "https://github.com/UniversalDependencies/UD_English-EWT",
     "commit": "15d613d8447b3478787d4c278730a1e48a945efb", "license": "CC BY-SA 4.0"},
    {"name": "GUM (Georgetown University Multilayer corpus), UD edition, CC BY / public-domain genres only "
             "(news, interview, bio, voyage: Wikimedia CC BY; textbook: OpenStax CC BY; vlog: YouTube CC BY; "
             "speech: public domain; conversation: Santa Barbara Corpus CC BY); official train split",
     "url": "https://github.com/UniversalDependencies/UD_English-GUM",
     "commit": "afb41ee9bca57991125814fa04d96a0e61470c8b", "license": "CC BY 4.0 (per genre, see GUM LICENSE.txt)"},
    {"name": "Universal NER English EWT (UNER_English-EWT), train split",
     "url": "https://www.universalner.org/", "license": "CC BY-SA 4.0",
     "citation": "Mayhew et al., Universal NER: A Gold-Standard Multilingual Named Entity Recognition "
                 "Benchmark, NAACL 2024"},
]


def main():
    cands = {}
    for name in ("model-best", "model-last"):
        meta = json.loads((HERE / "training" / name / "meta.json").read_text())
        cands[name] = meta["performance"]
    score = lambda perf: (0.2 * perf["tag_acc"] + 0.1 * perf["pos_acc"] + 0.1 * perf["dep_uas"]
                          + 0.2 * perf["dep_las"] + 0.4 * perf["ents_f"])
    chosen = max(cands, key=lambda n: (score(cands[n]), n == "model-best"))
    dst = HERE / "model-best"
    if dst.exists():
        shutil.rmtree(dst)
    shutil.copytree(HERE / "training" / chosen, dst)
    meta_path = dst / "meta.json"
    meta = json.loads(meta_path.read_text())
    meta.update(
        name="kg_core_train19", version="0.1.0",
        description=("English pipeline: tagger (PTB TAG), morphologizer (UPOS only), dependency parser "
                     "(sentence boundaries), NER (PER/LOC/ORG); one shared hash-embedding CNN tok2vec, "
                     "no vectors. Trained offline with scripts/train_pipeline/train.sh from UD English-EWT "
                     "(answers genre), GUM (CC BY genres) and UNER English-EWT. Picked: training/" + chosen),
        license="CC BY-SA 4.0",
        sources=SOURCES,
        train19_dev_scores={n: round(score(p), 4) for n, p in cands.items()},
    )
    meta_path.write_text(json.dumps(meta, indent=2))
    for lic in ("ud-english-ewt", "gum-cc-by", "uner-english-ewt"):
        (dst / "licenses").mkdir(exist_ok=True)
        shutil.copy(Path(__file__).resolve().parents[3] / "shared" / "corpora" / lic / "LICENSE.txt", dst / "licenses" / f"{lic}.LICENSE.txt")
    print(chosen, {n: round(score(p), 4) for n, p in cands.items()})


if __name__ == "__main__":
    main()
