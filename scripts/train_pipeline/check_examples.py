"""Check how missing annotation looks in spaCy Example objects built like the trainer does."""
import spacy
from spacy.training import Corpus
from collections import Counter
nlp = spacy.blank("en")
c = Corpus("corpus/train.spacy", gold_preproc=False)
kinds = Counter(); shown = set()
for eg in c(nlp):
    y = eg.reference
    k = (y.has_annotation("DEP"), y.has_annotation("TAG"), y.has_annotation("ENT_IOB"))
    kinds[k] += 1
    if k not in shown:
        shown.add(k)
        heads, labels = eg.get_aligned_parse(projectivize=True)
        ner = eg.get_aligned_ner()
        print("DEP,TAG,ENT annotated =", k)
        print("  text:", eg.predicted.text[:100])
        print("  aligned heads[:8]", heads[:8], "labels[:5]", labels[:5])
        print("  aligned tags[:5]", eg.get_aligned("TAG", as_string=True)[:5])
        print("  aligned ner[:12]", ner[:12])
        print("  ref ents", [(e.text, e.label_) for e in y.ents][:6], "ent_iob_[:5]", [t.ent_iob_ for t in y[:5]])
print(kinds)
# GUM entity sample
c2 = Corpus("corpus/gum_news_devtest.spacy")
ents = Counter()
for eg in c2(nlp):
    for e in eg.reference.ents: ents[(e.label_, e.text)] += 1
print(ents.most_common(40))
# alignment quality: tokens of gold vs spaCy tokenizer
mis = tot = 0
for eg in Corpus("corpus/dev.spacy")(nlp):
    a = eg.alignment
    tot += len(eg.reference)
    for i in range(len(eg.reference)):
        xs = a.y2x[i]
        if len(xs) != 1 or len(a.x2y[int(xs[0])]) != 1:
            mis += 1
print("dev gold tokens not 1:1 with spaCy tokens:", mis, "/", tot, f"{mis/tot:.2%}")
