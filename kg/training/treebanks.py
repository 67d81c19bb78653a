"""Convert the training corpora (UD English-EWT, GUM, UNER English-EWT) to spaCy DocBin
files for kg's tagger + parser + NER pipeline (``kg train``, kg.training.pipeline).

Deterministic: same inputs -> same output files (sorted file lists, no randomness).

Outputs (in --out):
  train.spacy          GUM train (trees+NER), EWT answers train docs (trees; NER from UNER
                       where the sentence is in UNER train, else NER *missing*), UNER train
                       sentences of all other EWT train documents (NER only; trees *missing*)
  dev.spacy            EWT dev (trees + UNER dev NER) + GUM dev (trees + NER)
  ewt_dev.spacy, ewt_test.spacy   EWT dev/test with trees + UNER NER (UD text)
  gum_dev.spacy, gum_test.spacy   GUM official dev/test (trees + NER)
  gum_news_devtest.spacy          GUM_news_* documents of GUM dev+test (trees + NER)
  synthetic.spacy      (only with synthetic=N) kg synthetic news sentences, NER only

Gold documents carry the gold (UD) tokens with the original text (SpaceAfter / `# text`);
spaCy's Corpus reader (gold_preproc = false) re-tokenises that text with the runtime
tokenizer and aligns the gold annotation to it (spacy.training.Example).
Sentences are grouped into multi-sentence docs (sents_per_doc, same source document only)
so that the parser learns sentence boundaries.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import spacy
from spacy.tokens import Doc, DocBin, Span
from spacy.util import filter_spans

from kg.training.ner import spans_of as iob_spans  # one IOB2 reading for both trainings

LABELS = ("PER", "LOC", "ORG")
GUM_TYPES = {"person": "PER", "organization": "ORG", "place": "LOC"}
# tokens allowed inside a multi-word name between proper nouns ("Bank of the West")
NAME_CONNECTORS = {"of", "the", "&", "for", "de", "-", "du", "la", "von", "van", "der", "al"}
STATS: Counter = Counter()


# ---------------------------------------------------------------- readers
def read_conllu(path: Path):
    """Yield sentences: dict(sent_id, text, newdoc, words=[dict])."""
    sent = None
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            if not line:
                if sent and sent["words"]:
                    yield sent
                sent = None
                continue
            if sent is None:
                sent = {"sent_id": None, "text": None, "newdoc": None, "words": []}
            if line.startswith("#"):
                if line.startswith("# sent_id = "):
                    sent["sent_id"] = line[len("# sent_id = "):].strip()
                elif line.startswith("# text = "):
                    sent["text"] = line[len("# text = "):]
                elif line.startswith("# newdoc id = "):
                    sent["newdoc"] = line[len("# newdoc id = "):].strip()
                continue
            cols = line.split("\t")
            if "-" in cols[0] or "." in cols[0]:  # multiword range / empty node
                continue
            sent["words"].append({
                "id": int(cols[0]), "form": cols[1], "upos": cols[3], "xpos": cols[4],
                "head": int(cols[6]), "deprel": cols[7], "misc": cols[9],
            })
    if sent and sent["words"]:
        yield sent


def read_iob2(path: Path):
    """Yield (sent_id, text, tokens, tags); OTH and stray B-O read as outside."""
    sid, text, toks, tags = None, "", [], []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            if line.startswith("# sent_id = "):
                sid = line[len("# sent_id = "):].strip()
            elif line.startswith("# text = "):
                text = line[len("# text = "):]
            elif line.startswith("#"):
                continue
            elif not line.strip():
                if toks:
                    yield sid, text, toks, tags
                sid, text, toks, tags = None, "", [], []
            else:
                cols = line.split("\t")
                toks.append(cols[1])
                tag = cols[2] if len(cols) > 2 else "O"
                tags.append(tag if tag[2:] in LABELS else "O")
    if toks:
        yield sid, text, toks, tags


# ---------------------------------------------------------------- alignment helpers
def spaces_for(text, words, misc=None):
    """Whitespace after each word from the sentence text; falls back to SpaceAfter=No."""
    pos, offs = 0, []
    for w in words:
        at = text.find(w, pos) if text else -1
        if at < 0 or text[pos:at].strip():
            offs = None
            break
        offs.append(at)
        pos = at + len(w)
    if offs is not None:
        sp = []
        for i, at in enumerate(offs):
            end = at + len(words[i])
            nxt = offs[i + 1] if i + 1 < len(offs) else len(text)
            sp.append(nxt > end)
        sp[-1] = True  # sentence separator inside a multi-sentence doc
        return sp, True
    STATS["text_mismatch"] += 1
    if misc is not None:
        sp = ["SpaceAfter=No" not in m for m in misc]
    else:
        sp = [True] * len(words)
    sp[-1] = True
    return sp, False


# ---------------------------------------------------------------- GUM entities
ENT_OPEN = re.compile(r"\((\d+)-([^()|]*?)(?=\(|\)|$)")


def gum_entities(words):
    """Named PER/ORG/LOC spans (token offsets within the sentence) from MISC Entity=.

    A GUM mention of type person/organization/place counts if it carries a Wikipedia
    identity or its head is a PROPN (corpus README), and its head is a PROPN (so that
    pronouns / common-noun mentions that carry an identity, e.g. "his", "the team", are
    not taught as names). The span is trimmed to the proper-noun name around the head
    (GUM spans are full NPs: determiners, titles' modifiers, relative clauses)."""
    open_ents, mentions = {}, []
    for i, w in enumerate(words):
        m = [x for x in w["misc"].split("|") if x.startswith("Entity=")]
        if not m:
            continue
        val = m[0][len("Entity="):]
        j = 0
        while j < len(val):
            if val[j] == "(":
                mt = ENT_OPEN.match(val, j)
                if not mt:
                    j += 1
                    continue
                eid, rest = mt.group(1), mt.group(2)
                fs = rest.split("-", 6)  # etype-infstat-salience-centering-minspan-link-identity
                etype = fs[0]
                identity = fs[6] if len(fs) > 6 else ""
                j = mt.end()
                if j < len(val) and val[j] == ")":  # single-token mention
                    mentions.append((i, i + 1, etype, identity))
                    j += 1
                else:
                    open_ents.setdefault(eid, []).append((i, etype, identity))
            elif val[j].isdigit():
                mt = re.match(r"(\d+)\)", val[j:])
                if mt:
                    eid = mt.group(1)
                    if open_ents.get(eid):
                        s, etype, identity = open_ents[eid].pop()
                        mentions.append((s, i + 1, etype, identity))
                    j += mt.end()
                else:
                    j += 1
            else:
                j += 1
    out = []
    for s, e, etype, identity in mentions:
        if etype not in GUM_TYPES:
            continue
        # head: the token in the span whose head lies outside the span
        head = None
        for k in range(s, e):
            h = words[k]["head"] - 1
            if h < s or h >= e:
                head = k
                break
        if head is None:
            continue
        propn_head = words[head]["upos"] == "PROPN"
        if not (identity or propn_head):
            continue
        STATS[f"gum_mention_{etype}"] += 1
        if not propn_head:
            STATS["gum_mention_dropped_nonpropn_head"] += 1
            continue
        a = head
        while a - 1 >= s and words[a - 1]["upos"] == "PROPN":
            a -= 1
        b = head + 1
        k = b
        while k < e:
            if words[k]["upos"] == "PROPN":
                k += 1
                b = k
            elif words[k]["form"].lower() in NAME_CONNECTORS:
                k += 1
            else:
                break
        out.append((a, b, GUM_TYPES[etype]))
    return out


# ---------------------------------------------------------------- doc builders
def sent_record(words, text, misc, tree=None, ents=None):
    sp, ok = spaces_for(text, words, misc)
    return {"words": words, "spaces": sp, "tree": tree, "ents": ents}


def make_doc(vocab, recs, with_tree, with_ner):
    words, spaces, tags, pos, heads, deps, ents = [], [], [], [], [], [], []
    for r in recs:
        off = len(words)
        words += r["words"]
        spaces += r["spaces"]
        if with_tree:
            for w in r["tree"]:
                tags.append(w["xpos"])
                pos.append(w["upos"])
                if w["head"] == 0:
                    heads.append(off + w["id"] - 1)
                    deps.append("ROOT")
                else:
                    heads.append(off + w["head"] - 1)
                    deps.append(w["deprel"])
        if with_ner:
            ents += [(off + s, off + e, lab) for s, e, lab in r["ents"]]
    kw = {}
    if with_tree:
        kw.update(tags=tags, pos=pos, heads=heads, deps=deps)
    doc = Doc(vocab, words=words, spaces=spaces, **kw)
    if with_ner:
        spans = filter_spans([Span(doc, s, e, label=lab) for s, e, lab in ents])
        STATS["ents_dropped_overlap"] += len(ents) - len(spans)
        # every token not in an entity is "O" (annotation complete for this doc)
        doc.set_ents(spans, default="outside")
    return doc


def chunk_docs(vocab, sents, n, with_tree, with_ner, key):
    """Group consecutive sentence records of the same source document, n per Doc."""
    docs, cur, cur_key = [], [], None
    for s in sents:
        k = key(s)
        if cur and (k != cur_key or len(cur) >= n):
            docs.append(make_doc(vocab, cur, with_tree, with_ner))
            cur = []
        cur.append(s)
        cur_key = k
    if cur:
        docs.append(make_doc(vocab, cur, with_tree, with_ner))
    return docs


def ud_doc_of(sent_id):
    return re.sub(r"-\d+$", "", sent_id)


# ---------------------------------------------------------------- corpora
def load_uner(path):
    return {sid: (text, toks, tags) for sid, text, toks, tags in read_iob2(path)}


def ud_records(sents, uner):
    """UD sentences -> records with tree and (if in UNER with same tokens) entities."""
    recs = []
    for s in sents:
        forms = [w["form"] for w in s["words"]]
        ents = None
        if uner is not None and s["sent_id"] in uner:
            _, toks, tags = uner[s["sent_id"]]
            if toks == forms:
                ents = iob_spans(tags)
                STATS["ud_uner_joined"] += 1
            else:
                STATS["ud_uner_token_mismatch"] += 1
        else:
            STATS["ud_without_uner"] += 1
        r = sent_record(forms, s["text"], [w["misc"] for w in s["words"]], tree=s["words"], ents=ents)
        r["doc"] = ud_doc_of(s["sent_id"])
        recs.append(r)
    return recs


def group_by_annotation(vocab, recs, n):
    """Split into runs by whether NER is present, then chunk (NER missing => not set)."""
    docs = []
    run, has = [], None
    for r in recs:
        h = r["ents"] is not None
        if run and h != has:
            docs += chunk_docs(vocab, run, n, True, has, key=lambda x: x["doc"])
            run = []
        run.append(r)
        has = h
    if run:
        docs += chunk_docs(vocab, run, n, True, has, key=lambda x: x["doc"])
    return docs


def gum_docs(vocab, gum_dir, names, n):
    docs = []
    for name in names:
        path = gum_dir / f"{name}.conllu"
        if not path.is_file():
            STATS["gum_split_file_absent"] += 1  # non-CC-BY genres are not shipped
            continue
        recs = []
        for s in read_conllu(path):
            forms = [w["form"] for w in s["words"]]
            r = sent_record(forms, s["text"], [w["misc"] for w in s["words"]], tree=s["words"],
                            ents=gum_entities(s["words"]))
            r["doc"] = name
            recs.append(r)
        docs += chunk_docs(vocab, recs, n, True, True, key=lambda x: x["doc"])
    return docs


def write(docs, path):
    db = DocBin(store_user_data=False)
    for d in docs:
        db.add(d)
    db.to_disk(path)
    nw = sum(len(d) for d in docs)
    return {"docs": len(docs), "words": nw}


# the corpus folders read, under the corpora folder
CORPORA = ("ud-english-ewt", "gum-cc-by", "uner-english-ewt")


def convert_treebanks(corpora: Path, out: Path, sents_per_doc: int = 10, synthetic: int = 0,
                      synthetic_seed: int = 7) -> dict:
    """Write train.spacy, dev.spacy and the evaluation splits into ``out``; returns the summary
    (also written as summary.json). Same inputs, same bytes."""
    STATS.clear()
    nlp = spacy.blank("en")
    vocab = nlp.vocab
    ewt = corpora / "ud-english-ewt"
    gum = corpora / "gum-cc-by"
    uner_dir = corpora / "uner-english-ewt"
    out.mkdir(parents=True, exist_ok=True)
    n = sents_per_doc
    summary = {}

    # EWT document split (document ids as used in sent_id prefixes)
    def ids(fname):
        out = set()
        for line in (ewt / fname).read_text().split():
            genre, f = line.split("/", 1)
            out.add(f"{genre}-{f.replace('.xml.conllu', '')}")
        return out
    ewt_train, ewt_dev, ewt_test = ids("files.train"), ids("files.dev"), ids("files.test")
    assert not (ewt_train & ewt_dev) and not (ewt_train & ewt_test)

    uner = {sp: load_uner(uner_dir / f"en_ewt-ud-{sp}.iob2") for sp in ("train", "dev", "test")}
    bad = [sid for sid in uner["train"] if ud_doc_of(sid) in ewt_dev | ewt_test]
    assert not bad, f"UNER train sentences from EWT dev/test docs: {bad[:3]}"

    # --- train
    # EWT answers: only documents listed in files.train
    answer_sents, used_answer_ids = [], set()
    for line in sorted((ewt / "files.train").read_text().split()):
        if not line.startswith("answers/"):
            continue
        path = ewt / line
        for s in read_conllu(path):
            assert ud_doc_of(s["sent_id"]) in ewt_train
            answer_sents.append(s)
            used_answer_ids.add(s["sent_id"])
    STATS["ewt_answers_train_sents"] = len(answer_sents)
    ewt_answer_docs = group_by_annotation(vocab, ud_records(answer_sents, uner["train"]), n)
    # UNER train sentences not covered by a tree (NER only, no deps/tags set => missing)
    uner_recs = []
    for sid, (text, toks, tags) in uner["train"].items():
        if sid in used_answer_ids:
            continue
        r = sent_record(toks, text, None, ents=iob_spans(tags))
        r["doc"] = ud_doc_of(sid)
        uner_recs.append(r)
    STATS["uner_train_ner_only_sents"] = len(uner_recs)
    uner_docs = chunk_docs(vocab, uner_recs, n, False, True, key=lambda x: x["doc"])
    gum_split = {sp: (gum / f"files.{sp}").read_text().split() for sp in ("train", "dev", "test")}
    gum_train = gum_docs(vocab, gum, gum_split["train"], n)
    train = gum_train + ewt_answer_docs + uner_docs
    summary["train"] = write(train, out / "train.spacy")

    # --- dev / test
    def ewt_split(name: str, split: str) -> list[Doc]:
        return group_by_annotation(vocab, ud_records(list(read_conllu(ewt / name)), uner[split]), n)

    ewt_dev_docs = ewt_split("en_ewt-ud-dev.conllu", "dev")
    ewt_test_docs = ewt_split("en_ewt-ud-test.conllu", "test")
    gum_dev = gum_docs(vocab, gum, gum_split["dev"], n)
    gum_test = gum_docs(vocab, gum, gum_split["test"], n)
    news = [x for x in gum_split["dev"] + gum_split["test"] if x.startswith("GUM_news_")]
    gum_news = gum_docs(vocab, gum, news, n)
    summary["gum_news_devtest_documents"] = news
    summary["dev"] = write(ewt_dev_docs + gum_dev, out / "dev.spacy")
    summary["ewt_dev"] = write(ewt_dev_docs, out / "ewt_dev.spacy")
    summary["ewt_test"] = write(ewt_test_docs, out / "ewt_test.spacy")
    summary["gum_dev"] = write(gum_dev, out / "gum_dev.spacy")
    summary["gum_test"] = write(gum_test, out / "gum_test.spacy")
    summary["gum_news_devtest"] = write(gum_news, out / "gum_news_devtest.spacy")

    if synthetic:
        from kg.training.synthetic import training_docs
        syn = list(training_docs(synthetic, synthetic_seed, vocab))
        summary["synthetic"] = write(syn, out / "synthetic.spacy")

    summary["stats"] = dict(sorted(STATS.items()))
    (out / "summary.json").write_text(json.dumps(summary, indent=2))
    return summary
