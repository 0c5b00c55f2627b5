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
#	3. simhash       two 64-bit fingerprints of each remaining text;
#	   nearpairs     the pairs of pages within 4 bits in either one, never
#	                 two versions of a document (/v1/ and /v2/);
#	   nearverify    the candidates checked on the texts (Jaccard of word
#	                 3-shingles at least 0.3), grouped in clusters: the
#	                 earliest page of each cluster is kept
#	4. htmllinks     the links of every page; urlnorm makes them canonical;
#	   seen          those that lead to pages not fetched yet: the frontier
set -eu
LC_ALL=C	# byte order for every sort and comparison below
export LC_ALL

here=$(cd "$(dirname "$0")" && pwd)
pages=${1:-$here/pages}
if [ -d "$here/../build/bin" ]; then
	PATH=$PATH:$here/../build/bin
fi
for p in htmltext htmllinks sha256text simhash nearpairs nearverify urlnorm seen; do
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

# each PROGRAM [OPTION]: run PROGRAM --url-from-path on the files of every
# site directory, https first, so that where two pages are alike the https
# one comes first and is the one kept.  Exit status 1 (some pages rejected,
# each reported and written to a rejects file) lets the run go on; 2 (a
# file that could not be read, a write error) stops it.  xargs may run the
# program several times, so each run gets a rejects file of its own.
each() {
	for d in "$pages"/https "$pages"/http; do
		[ ! -d "$d" ] || site "$d" "${d##*/}" . "$@"
	done
	for d in "$pages"/*; do
		case ${d##*/} in http|https) continue ;; esac
		[ ! -d "$d" ] || site "$pages" https "./${d##*/}" "$@"
	done
}

# site TOP SCHEME DIR PROGRAM [OPTION]: the files of TOP/DIR.  It runs
# from TOP with relative names, so that a dot in a directory above the
# mirror is never taken for a host.
site() {
	(cd "$1" && find "$3" -type f -print0 | sort -z | xargs -0 sh -c '
		r=$(mktemp "$1/rejects.$0.XXXXXX") || exit 255
		p=$0 s=$2 o=$3; shift 3
		"$p" -q --url-from-path="$s" --rejects "$r" $o "$@" || [ $? -eq 1 ] || exit 255
		' "$4" "$work" "$2" "${5:-}") || [ $? -eq 123 ]
}

# 1. Text: ID TAB TITLE TAB ENCODING TAB METHOD TAB CHARS TAB PRUNED TAB TEXT
rm -f "$work"/rejects.*
each htmltext --meta > "$work/meta.tsv"
cut -f 1,2,7 "$work/meta.tsv" > "$work/docs.tsv"	# ID TITLE TEXT

# 2. Exact duplicates.  sha256text -a adds the digest before the text:
# ID TITLE SHA256 TEXT.  A page with no text at all is set aside: empty
# texts are all equal, and are not duplicates of each other.
sha256text -a "$work/docs.tsv" > "$work/digests.tsv"
awk -F '\t' '$4 == ""' "$work/digests.tsv" > "$work/notext.tsv"
awk -F '\t' '$4 != ""' "$work/digests.tsv" |
	seen --exact -f 3 > "$work/unique.tsv"	# the first page of each text
# the groups: digest, then IDs in crawl order (sort -s keeps that order)
cut -f 1,3 "$work/digests.tsv" | grep -v "${tab}e3b0c44298fc1c149afbf4c8996fb924" |
	sort -s -t "$tab" -k 2,2 |
	awk -F '\t' '{ n[$2]++; ids[$2] = ids[$2] "\t" $1 }
	END { for (d in n) if (n[d] > 1) print d ids[d] }' |
	sort -t "$tab" -k 2,2 > "$work/exact.tsv"	# DIGEST ID... by first ID

# 3. Near duplicates among the distinct texts.  simhash -n 2 writes two
# fingerprints in one field, and nearpairs pairs two records that are
# within 4 bits in either.  --distinct-versions never pairs URLs that
# differ in a version segment (/v1/ and /v2/); the pairs that alone keeps
# apart are listed too (versions.tsv), to show it.
simhash -n 2 "$work/unique.tsv" | cut -f 1,4 > "$work/fingerprints.tsv"
nearpairs -k 4 --distinct-versions "$work/fingerprints.tsv" > "$work/pairs.tsv"
nearpairs -k 4 "$work/fingerprints.tsv" | sort > "$work/allpairs.tsv"
sort "$work/pairs.tsv" | comm -13 - "$work/allpairs.tsv" > "$work/versions.tsv"
# nearverify --all writes every candidate with the Jaccard index of the
# two texts; --clusters gives each page its cluster's first page
nearverify -d "$work/unique.tsv" --all "$work/pairs.tsv" "$work/versions.tsv" \
	> "$work/jaccard.tsv"
nearverify -d "$work/unique.tsv" --clusters "$work/pairs.tsv" > "$work/clusters.tsv"
# one page kept per cluster: the pages that are their own cluster
awk -F '\t' '$1 == $2 { print $1 }' "$work/clusters.tsv" > "$work/kept.txt"

# 4. The links: htmllinks already resolves and normalizes them with the
# default profile of urlnorm; urlnorm --extended-drops also drops the click
# identifiers of mail and ad platforms (mc_cid, msclkid, ...).  seen,
# first fed the URLs of the pages we have, then lets through each link to a
# page not fetched yet, once: the crawl frontier, in the order found.
each htmllinks > "$work/links.tsv"	# PAGE TAB URL
cut -f 1 "$work/docs.tsv" | urlnorm -q --extended-drops > "$work/fetched.txt"
urlnorm -q -f 2 --extended-drops "$work/links.tsv" > "$work/links.norm.tsv"
rm -f "$work/frontier.seen"
seen --exact --state "$work/frontier.seen" "$work/fetched.txt" > /dev/null
seen --exact --state "$work/frontier.seen" -f 2 "$work/links.norm.tsv" > "$work/frontier.tsv"

# --- the report -------------------------------------------------------------
count() { awk 'END { print NR }' "$@"; }
rejected=$(cat "$work"/rejects.htmltext.* 2>/dev/null | count)
npages=$(( $(count "$work/docs.tsv") + rejected ))
nunique=$(count "$work/unique.tsv")
nkept=$(count "$work/kept.txt")

echo "crawlutils demo: $npages pages in ${1:-examples/pages}"
echo
echo "1. Text (htmltext): $(count "$work/docs.tsv") pages, $rejected rejected, $(count "$work/notext.tsv") without text"
cut -f 3,4 "$work/meta.tsv" | sort | uniq -c | sort -k 1,1nr -k 2 |
	awk '{ printf "%s%d %s (%s)", (NR > 1 ? ", " : "   encodings: "), $1, $2, $3 } END { print "" }'
awk -F '\t' '$3 != "UTF-8" { print "     " $1 ": " $3 ", found by the " $4 }' "$work/meta.tsv"
cat "$work"/rejects.htmltext.* 2>/dev/null | awk -F '\t' '{ print "   rejected: " $1 ": " $2 }'
echo
echo "2. Exact duplicates (sha256text): $(count "$work/exact.tsv") groups with the same text; the first is kept"
awk -F '\t' '{ printf "   %s\n", substr($1, 1, 12)
	for (i = 2; i <= NF; i++) printf "     %s %s\n", i == 2 ? "keep" : "drop", $i }' "$work/exact.tsv"
echo "   $nunique distinct texts go on"
echo
ncand=$(count "$work/pairs.tsv")
nconf=$(awk -F '\t' 'FILENAME == ARGV[1] { v[$1 "\t" $2] = 1; next }
	!(($1 "\t" $2) in v) && $4 >= 0.3' "$work/versions.tsv" "$work/jaccard.tsv" | count)
echo "3. Near duplicates (simhash -n 2 | nearpairs -k 4 --distinct-versions | nearverify):"
echo "   $ncand candidate pairs, $nconf confirmed on the texts (Jaccard at least 0.3)"
awk -F '\t' 'FILENAME == ARGV[1] { v[$1 "\t" $2] = 1; next }
	($1 "\t" $2) in v { printf "   kept apart as versions: %s %s (distance %d, Jaccard %s)\n", $1, $2, $3, $4 }' \
	"$work/versions.tsv" "$work/jaccard.tsv"
# each cluster, in crawl order: its first page, kept, then the others with
# the distance and Jaccard index of their pair with it
awk -F '\t' '
FILENAME == ARGV[1] { d[$1 "\t" $2] = $3 "\t" $4; d[$2 "\t" $1] = $3 "\t" $4; next }
$1 == $2 { order[++n] = $1; next }
{ size[$2]++; members[$2] = members[$2] "\t" $1 }
END {
	for (i = 1; i <= n; i++) if (order[i] in size) c++
	printf "   %d clusters of near duplicates; the first page of each is kept\n", c
	for (i = 1; i <= n; i++) {
		l = order[i]
		if (!(l in size)) continue
		printf "   keep %s\n", l
		m = split(substr(members[l], 2), ids, "\t")
		for (j = 1; j <= m; j++) {
			split(d[l "\t" ids[j]], dj, "\t")
			printf "   drop %s (distance %d, Jaccard %s)\n", ids[j], dj[1], dj[2]
		}
	}
}' "$work/jaccard.tsv" "$work/clusters.tsv"
echo
echo "4. Links (htmllinks | urlnorm --extended-drops | seen): $(count "$work/links.tsv") links," \
	"$(cut -f 2 "$work/links.tsv" | sort -u | count) distinct URLs," \
	"$(cut -f 2 "$work/links.norm.tsv" | sort -u | count) after urlnorm," \
	"$(count "$work/frontier.tsv") to pages not fetched yet"
echo
echo "Pages in: $npages; exact duplicate groups: $(count "$work/exact.tsv");" \
	"near-duplicate clusters: $(awk -F '\t' '$1 != $2 { print $2 }' "$work/clusters.tsv" | sort -u | count);" \
	"pages kept: $nkept"
