#!/bin/sh
# The whole crawlutils pipeline on a crawl saved to files, ending with a
# short report of what each layer found:
#
#	sh examples/dedup.sh [PAGES [WORKDIR]]
#
# PAGES (default: examples/pages beside this script) is a crawl as
# `wget --mirror --protocol-directories` saves it: http/HOST/PATH and
# https/HOST/PATH, so that every page gets back its URL with its scheme.
# Directories other than http and https are taken as HOST directories of a
# plain `wget --mirror`, and their pages get https URLs.  The intermediate
# files go to WORKDIR, which is kept; without it, to a temporary directory
# that is removed at the end.  examples/Makefile runs the same steps as make
# targets.  The programs are found on PATH, else in ../build/bin.
#
# The layers, each cheaper than the next, each working only on what the
# one before it left:
#	1. htmltext      the text of each page, without its frame
#	2. sha256text    exact duplicates: the same text, whatever the HTML;
#	   seen          one page of each is kept
#	3. simhash       seven 64-bit fingerprints of each remaining text;
#	   nearpairs     the pairs of pages within 4 bits in any of them, never
#	                 two versions of a document (/v1/ and /v2/);
#	   nearverify    the candidates checked on the texts (Jaccard of word
#	                 3-shingles at least 0.3), grouped in clusters: the
#	                 earliest page of each cluster is kept
#	4. htmllinks     the links of every page; urlnorm makes them canonical;
#	   seen          those that lead to pages not fetched yet: the frontier
#	5. seenlines     the lines of the kept pages that an earlier kept page
#	                 holds, removed from their texts
set -eu
LC_ALL=C	# byte order for every sort and comparison below
export LC_ALL

here=$(cd "$(dirname "$0")" && pwd)
pages=${1:-$here/pages}
PATH=$PATH:$here/../build/bin	# if they are not on PATH
for p in htmltext htmllinks sha256text simhash nearpairs nearverify urlnorm seen seenlines; do
	command -v "$p" >/dev/null 2>&1 || {
		echo "dedup.sh: $p not found: run make first, or put the programs on PATH" >&2
		exit 2
	}
done
[ -d "$pages" ] || { echo "dedup.sh: $pages: not a directory" >&2; exit 2; }
pages=$(cd "$pages" && pwd)
if [ $# -ge 2 ]; then
	work=$2
	mkdir -p "$work"
else
	work=$(mktemp -d "${TMPDIR:-/tmp}/dedup.XXXXXX")
	trap 'rm -rf "$work"' EXIT
	trap 'exit 2' HUP INT TERM
fi
tab=$(printf '\t')
sites=$(sh "$here/site.sh" list "$pages")
mkdir -p "$work/text" "$work/links"

# 1. Text.  htmltext --meta writes, for each page,
#	ID TAB TITLE TAB ENCODING TAB METHOD TAB CHARS TAB PRUNED TAB PAGETYPE TAB TEXT
# one file per site, as examples/Makefile does, so that report.sh reads
# the same files from both.
for s in $sites; do
	mkdir -p "$work/text/$(dirname "$s")"
	rm -f "$work/text/$s".rejects.*
	sh "$here/site.sh" run htmltext "$pages" "$s" "$work/text/$s.rejects" --meta \
		> "$work/text/$s.tsv"
done
for s in $sites; do cat "$work/text/$s.tsv"; done > "$work/meta.tsv"
find "$work/text" -type f -name '*.rejects.*' -exec cat {} + | sort > "$work/rejects.tsv"
cut -f 1,2,8 "$work/meta.tsv" > "$work/docs.tsv"	# ID TITLE TEXT

# 2. Exact duplicates.  sha256text -a adds the digest before the text:
# ID TITLE SHA256 TEXT.  A page with no text at all is set aside: empty
# texts are all equal, and are not duplicates of each other.
sha256text -a "$work/docs.tsv" > "$work/digests.tsv"
awk -F '\t' '$4 == ""' "$work/digests.tsv" > "$work/notext.tsv"
awk -F '\t' '$4 != ""' "$work/digests.tsv" > "$work/texts.tsv"
# seen keeps the first page of each text, in crawl order
seen --exact -f 3 "$work/texts.tsv" > "$work/unique.tsv"
# the groups, DIGEST TAB ID TAB ID..., in the order of their first page:
# number the pages, bring each digest's together (sort -s keeps their
# order), write each group of two or more under its first number
awk -F '\t' '{ print NR "\t" $3 "\t" $1 }' "$work/texts.tsv" |
	sort -s -t "$tab" -k 2,2 |
	awk -F '\t' '$2 != d { if (n > 1) print g; d = $2; g = $1 "\t" $2; n = 0 }
	{ g = g "\t" $3; n++ } END { if (n > 1) print g }' |
	sort -n | cut -f 2- > "$work/exact.tsv"

# 3. Near duplicates among the distinct texts.  simhash -n 7 writes seven
# fingerprints in one field, and nearpairs pairs two records that are
# within 4 bits in any of them (fewer miss 10% edits of short texts in a
# site's template; see nearverify(1), Quality).  --distinct-versions
# never pairs URLs that differ in a version segment (/v1/ and /v2/); the
# pairs it alone keeps apart are listed too (versions.tsv, from
# allpairs.tsv), to show it.
simhash -n 7 "$work/unique.tsv" | cut -f 1,4 > "$work/fingerprints.tsv"
nearpairs -k 4 --distinct-versions "$work/fingerprints.tsv" > "$work/pairs.tsv"
nearpairs -k 4 "$work/fingerprints.tsv" > "$work/allpairs.tsv"
# nearverify keeps the candidates whose texts are alike (confirmed.tsv);
# with --all it writes every candidate with the Jaccard index of the two
# texts, and --clusters gives each page its cluster's first page
nearverify -d "$work/unique.tsv" "$work/pairs.tsv" > "$work/confirmed.tsv"
nearverify -d "$work/unique.tsv" --all "$work/pairs.tsv" > "$work/jaccard.tsv"
nearverify -d "$work/unique.tsv" --all "$work/allpairs.tsv" |
	awk -F '\t' 'FILENAME == ARGV[1] { p[$1 "\t" $2]; next }
	!(($1 "\t" $2) in p)' "$work/pairs.tsv" - > "$work/versions.tsv"
nearverify -d "$work/unique.tsv" --clusters "$work/pairs.tsv" > "$work/clusters.tsv"
# one page kept per cluster: the pages that are their own cluster
awk -F '\t' '$1 == $2 { print $1 }' "$work/clusters.tsv" > "$work/kept.txt"

# 4. The links: htmllinks already resolves and normalizes them with the
# default profile of urlnorm; urlnorm --extended-drops also drops the click
# identifiers of mail and ad platforms (mc_cid, msclkid, ...).  seen,
# first fed the URLs of the pages we have, then lets through each link to a
# page not fetched yet, once: the crawl frontier, in the order found.
for s in $sites; do
	mkdir -p "$work/links/$(dirname "$s")"
	rm -f "$work/links/$s".rejects.*
	sh "$here/site.sh" run htmllinks "$pages" "$s" "$work/links/$s.rejects" \
		> "$work/links/$s.tsv"
done
for s in $sites; do cat "$work/links/$s.tsv"; done > "$work/links.tsv"	# PAGE URL
cut -f 1 "$work/docs.tsv" | urlnorm -q --extended-drops > "$work/fetched.txt"
urlnorm -q -f 2 --extended-drops "$work/links.tsv" > "$work/links.norm.tsv"
rm -f "$work/frontier.seen"
seen --exact --state "$work/frontier.seen" "$work/fetched.txt" > /dev/null
seen --exact --state "$work/frontier.seen" -f 2 "$work/links.norm.tsv" > "$work/frontier.tsv"

# 5. Repeated lines.  From the text of each page kept, seenlines removes
# the lines (paragraphs) that an earlier page kept holds: template lines
# that extraction left, paragraphs that one version of a document shares
# with another.  It runs on the pages kept, once the near duplicates are
# gone (a near copy's lines are its original's: it would be kept as the
# few lines left).  kept.tsv is ID TITLE TEXT, in crawl order; clean.tsv
# the same with the lines removed.
awk -F '\t' 'FILENAME == ARGV[1] { k[$1]; next } $1 in k' "$work/kept.txt" "$work/unique.tsv" |
	cut -f 1,2,4 > "$work/kept.tsv"
seenlines "$work/kept.tsv" > "$work/clean.tsv"

sh "$here/report.sh" "$work" "${1:-examples/pages}" > "$work/report.txt"
cat "$work/report.txt" || exit 2
