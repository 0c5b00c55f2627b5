#!/usr/bin/env python3
"""Score htmltext's metadata (--json) against the gold of the dev pages.

Usage: metascore.py HTMLTEXT wcxb DIR      (../shared/corpora/html/wcxb-dev)
       metascore.py HTMLTEXT readability DIR  (../shared/corpora/html/readability)

Each page goes to htmltext as a record URL TAB HTML (--tsv --json), so
it has its URL as a crawl would give it.  Every output line must be one
JSON object (json.loads); the count of invalid lines is printed and
makes the exit status 1.  Fields are compared after normalization:
case, white space, typographic quotes and dashes, a "By " before a name,
the separators between names (", ", " and ", " & ", "; "); dates at day
precision.  Scores are the share of the pages with a gold value that we
give exactly (a missing value is wrong), on all pages and on each half
of a fixed split (the first byte of the SHA-1 of the page's ID, even or
odd), so that a change is kept only when neither half falls.
"""
import gzip
import hashlib
import html as htmlmod
import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata

QUOTES = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-",
    "\u2015": "-", "\u2212": "-", "\u00a0": " ",
})


def norm_text(s):
    if s is None:
        return None
    s = unicodedata.normalize("NFKC", s).translate(QUOTES).casefold()
    s = re.sub(r"\s+", " ", s).strip()
    return s or None


def norm_author(s):
    s = norm_text(s)
    if s is None:
        return None
    s = re.sub(r"^(written by|posted by|by)[: ]\s*", "", s)
    names = re.split(r"\s*(?:;|,|&|\band\b)\s*", s)
    return ",".join(n for n in names if n) or None


def norm_date(s):
    if not s:
        return None
    m = re.match(r"(\d{4})-(\d{2})-(\d{2})", s)
    return m.group(0) if m else None


def norm_lang(s):
    if not s:
        return None
    return re.split(r"[-_]", s.strip().lower())[0] or None


MONTHS = ["january", "february", "march", "april", "may", "june", "july",
          "august", "september", "october", "november", "december"]


def date_forms(iso):
    """The ways a page writes the date iso (YYYY-MM-DD): ISO, numeric
    with / or ., and in English words (full or three-letter months)."""
    try:
        y, m, d = (int(x) for x in iso.split("-"))
        month = MONTHS[m - 1]
    except (ValueError, IndexError):
        return []
    forms = [iso, "%d/%02d/%02d" % (y, m, d), "%02d/%02d/%d" % (m, d, y),
             "%d/%d/%d" % (m, d, y), "%02d.%02d.%d" % (d, m, y),
             "%d.%d.%d" % (d, m, y)]
    for name in (month, month[:3]):
        forms += ["%s %d, %d" % (name, d, y), "%s. %d, %d" % (name, d, y),
                  "%s %d %d" % (name, d, y), "%d %s %d" % (d, name, y),
                  "%d %s, %d" % (d, name, y)]
    return forms


def on_page(field, want, page_text):
    """Whether the gold value is on the page at all (its text, tags and
    attributes, entities decoded): a miss whose gold is not is out of
    any extractor's reach, and the count of such misses is printed."""
    if field == "date":
        return any(f in page_text for f in date_forms(want))
    return want in page_text


def half(page_id):
    return "AB"[hashlib.sha1(page_id.encode()).digest()[0] & 1]


def escape(b):
    return (b.replace(b"\\", b"\\\\").replace(b"\t", b"\\t")
            .replace(b"\n", b"\\n").replace(b"\r", b"\\r"))


def load_wcxb(d):
    pages = []
    for name in sorted(os.listdir(os.path.join(d, "ground-truth"))):
        pid = name[:-5]
        g = json.load(open(os.path.join(d, "ground-truth", name)))
        gt = g["ground_truth"]
        with gzip.open(os.path.join(d, "html", pid + ".html.gz")) as f:
            html = f.read()
        pages.append((pid, g.get("url") or "https://example.invalid/" + pid, html, {
            "title": gt.get("title"), "author": gt.get("author"),
            "date": gt.get("publish_date")}))
    return pages


def load_readability(d):
    pages = []
    for name in sorted(os.listdir(d)):
        meta = os.path.join(d, name, "expected-metadata.json")
        src = os.path.join(d, name, "source.html")
        if not os.path.exists(meta) or not os.path.exists(src):
            continue
        g = json.load(open(meta))
        with open(src, "rb") as f:
            html = f.read()
        pages.append((name, "http://fakehost/test/" + name + "/", html, {
            "title": g.get("title"), "author": g.get("byline"),
            "date": g.get("publishedTime"), "language": g.get("lang"),
            "sitename": g.get("siteName"), "description": g.get("excerpt")}))
    return pages


NORM = {"title": norm_text, "author": norm_author, "date": norm_date,
        "language": norm_lang, "sitename": norm_text,
        "description": norm_text}


def html_lang(html):
    m = re.search(rb"<html[^>]*\slang\s*=\s*[\"']?([A-Za-z_-]+)", html[:8192],
                  re.I)
    return norm_lang(m.group(1).decode()) if m else None


def main():
    binary, kind, d = sys.argv[1:4]
    pages = load_wcxb(d) if kind == "wcxb" else load_readability(d)
    with tempfile.NamedTemporaryFile(suffix=".tsv") as tsv:
        for i, (pid, url, html, _) in enumerate(pages):
            # the URL, made unique: some pages share one
            tsv.write(escape((url + "#p" + str(i)).encode()) + b"\t" +
                      escape(html) + b"\n")
        tsv.flush()
        out = subprocess.run([binary, "--tsv", "--json", "-q", tsv.name],
                             stdout=subprocess.PIPE, check=False).stdout
    got, invalid = {}, 0
    for line in out.split(b"\n"):
        if not line:
            continue
        try:
            o = json.loads(line)
        except ValueError:
            invalid += 1
            continue
        got[int(o["id"].rsplit("#p", 1)[1])] = o
    fields = ["title", "author", "date"]
    if kind == "readability":
        fields += ["language", "sitename", "description"]
    print("%s: %d pages, %d JSON lines, %d invalid" %
          (kind, len(pages), len(got), invalid))
    score = {}
    for f in fields:
        for h in ("all", "A", "B"):
            score[(f, h)] = [0, 0]
    lang_agree = {"all": [0, 0], "A": [0, 0], "B": [0, 0]}
    misses = {f: [] for f in fields}
    unreachable = {f: 0 for f in fields}
    modified = [0, 0]  # date misses whose gold is our "modified"; hits
    #                    where it is not, though we give one that differs
    for i, (pid, url, html, gold) in enumerate(pages):
        o = got.get(i, {})
        page_text = None
        for f in fields:
            want = NORM[f](gold.get(f))
            if want is None:
                continue
            have = NORM[f](o.get(f))
            ok = have == want
            for h in ("all", half(pid)):
                score[(f, h)][0] += ok
                score[(f, h)][1] += 1
            if not ok:
                misses[f].append((pid, want, have))
                if page_text is None:
                    page_text = norm_text(htmlmod.unescape(
                        html.decode("utf-8", "replace"))) or ""
                if f in ("title", "date") and not on_page(f, want,
                                                         page_text):
                    unreachable[f] += 1
            if f == "date":
                mod = norm_date(o.get("modified"))
                if not ok and mod == want:
                    modified[0] += 1
                elif ok and mod is not None and mod != want:
                    modified[1] += 1
        hl = html_lang(html)
        if hl is not None:
            for h in ("all", half(pid)):
                lang_agree[h][0] += norm_lang(o.get("language")) == hl
                lang_agree[h][1] += 1
    for f in fields:
        row = []
        for h in ("all", "A", "B"):
            k, n = score[(f, h)]
            row.append("%s %.3f (%d/%d)" % (h, k / n if n else 0, k, n))
        print("  %-12s %s" % (f, "  ".join(row)))
    row = []
    for h in ("all", "A", "B"):
        k, n = lang_agree[h]
        row.append("%s %.3f (%d/%d)" % (h, k / n if n else 0, k, n))
    print("  %-12s %s" % ("language = <html lang>", "  ".join(row)))
    print("  misses whose gold is not on the page: %s" % ", ".join(
        "%s %d of %d" % (f, unreachable[f], len(misses[f]))
        for f in ("title", "date")))
    print("  date misses whose gold is the modified date we give: %d "
          "(hits where the page's modified date differs: %d)" %
          tuple(modified))
    if os.environ.get("METASCORE_MISSES"):
        for f in fields:
            for pid, want, have in misses[f]:
                print("miss\t%s\t%s\t%r\t%r" % (f, pid, want, have))
    sys.exit(1 if invalid else 0)


if __name__ == "__main__":
    main()
