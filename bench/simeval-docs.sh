#!/bin/sh
# The documents of simhash's labelled evaluation (bench/simeval.c), as
# records "LANG TAB GROUP TAB NAME TAB TEXT" on stdout, TEXT escaped.
# Real prose only: English from the licences, copyright files and manual
# pages Debian installs, Chinese from the seed documents and the Chinese
# manual pages, and both from the main texts of the readability corpus.
# GROUP says which documents share a site or topic.
# Usage: simeval-docs.sh SHARED  (SHARED: the shared/ folder with seeds/)
set -eu
shared=${1:?usage: simeval-docs.sh SHARED}
export LC_ALL=C.UTF-8

# emit LANG GROUP NAME < text
emit() {
	printf '%s\t%s\t%s\t' "$1" "$2" "$3"
	sed -e 's/\\/\\\\/g' -e 's/\t/\\t/g' -e 's/\r/\\r/g' |
	    awk 'NR > 1 { printf "\\n" } { printf "%s", $0 } END { print "" }'
}

# manual pages rendered as a terminal shows them
render() {
	zcat -f "$1" | mandoc -Kutf-8 -Tutf8 -man 2>/dev/null | col -bx
}

for f in /usr/share/common-licenses/*; do
	[ -f "$f" ] && [ ! -L "$f" ] && emit en licence "${f##*/}" < "$f"
done
# every 8th copyright file, every 60th page of section 1, every 4th of 8:
# a few hundred documents, the same ones on every Debian 12
ls /usr/share/doc/*/copyright 2>/dev/null | LC_ALL=C sort | awk 'NR % 8 == 1' |
while read -r f; do
	d=${f%/copyright}
	emit en copyright "${d##*/}" < "$f"
done
if command -v mandoc >/dev/null; then
	{ ls /usr/share/man/man1/*.gz | LC_ALL=C sort | awk 'NR % 60 == 1'
	  ls /usr/share/man/man8/*.gz | LC_ALL=C sort | awk 'NR % 4 == 1'; } |
	while read -r f; do
		render "$f" | emit en man "${f##*/}"
	done
	for lang in zh_CN zh_TW; do
		ls /usr/share/man/$lang/man*/*.gz 2>/dev/null | LC_ALL=C sort |
		while read -r f; do
			render "$f" | emit zh "man-$lang" "${f##*/}"
		done
	done
fi
for f in "$shared"/seeds/*.txt; do
	emit zh seeds "${f##*/}" < "$f"
done
for d in "$shared"/corpora/html/readability/*/; do
	f=$d/expected.txt
	[ -s "$f" ] || continue
	name=$(basename "$d")
	# Chinese if a fifth of its characters are Han (and no の says
	# Japanese), else English if the page says so
	han=$(LC_ALL=C tr -cd '\344-\351' < "$f" | wc -c)
	all=$(wc -m < "$f")
	if grep -q 'の' "$f"; then
		continue	# Japanese
	elif [ "$han" -gt $((all / 5)) ]; then
		emit zh web "$name" < "$f"
	elif grep -q '"lang": *"en' "$d/expected-metadata.json" 2>/dev/null; then
		emit en web "$name" < "$f"
	fi
done
