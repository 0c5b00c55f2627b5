#!/bin/sh
# The two steps dedup.sh and Makefile share to read a crawl saved to files.
#
#	sh site.sh list PAGES
#		The sites of the crawl in PAGES, one a line: SCHEME/HOST for
#		the directories of `wget --mirror --protocol-directories`
#		(https ones first, then http), then HOST for any other
#		directory, as plain `wget --mirror` writes it.
#	sh site.sh run PROGRAM PAGES SITE REJECTS [OPTION]
#		Run PROGRAM (htmltext or htmllinks) --url-from-path on the
#		files of SITE, in byte order of their names, with OPTION.
#		A page it rejects is reported on stderr and written to a file
#		named REJECTS.XXXXXX (xargs may run PROGRAM several times).
#
# The https sites come first so that where two pages are alike, the https
# one comes first and is the one kept.  PROGRAM runs from the top of the
# mirror with relative names, so that a dot in a directory above it is
# never taken for a host.  Its exit status 1 (pages rejected) lets the run
# go on; 2 (a file that could not be read, a write error) stops it.
set -eu
LC_ALL=C
export LC_ALL

case ${1:-} in
list)
	[ $# -eq 2 ] || { echo "usage: site.sh list PAGES" >&2; exit 2; }
	cd "$2"
	# a file outside every site directory has no host to make a URL of
	for d in https/* http/* *; do
		case $d in http|https) continue ;; esac
		[ ! -f "$d" ] || echo "site.sh: $2/$d: not in a site directory: skipped" >&2
	done
	for s in https http; do
		[ -d "$s" ] || continue
		for d in "$s"/*; do
			[ ! -d "$d" ] || echo "$d"
		done
	done
	for d in *; do
		case $d in http|https) continue ;; esac
		[ ! -d "$d" ] || echo "$d"
	done
	;;
run)
	[ $# -ge 5 ] || {
		echo "usage: site.sh run PROGRAM PAGES SITE REJECTS [OPTION]" >&2
		exit 2
	}
	prog=$2 pages=$3 site=$4 rejects=$5 opt=${6:-}
	case $rejects in /*) ;; *) rejects=$(pwd)/$rejects ;; esac
	case $site in
	https/*|http/*) scheme=${site%%/*}; top=$pages/$scheme; dir=./${site#*/} ;;
	*) scheme=https; top=$pages; dir=./$site ;;
	esac
	cd "$top"
	find "$dir" -type f -print0 | sort -z | xargs -0 sh -c '
		r=$(mktemp "$1.XXXXXX") || exit 255
		p=$0 s=$2 o=$3; shift 3
		"$p" --url-from-path="$s" --rejects "$r" $o "$@" ||
			[ $? -eq 1 ] || exit 255
		' "$prog" "$rejects" "$scheme" "$opt" || [ $? -eq 123 ]
	;;
*)
	echo "usage: site.sh list PAGES | run PROGRAM PAGES SITE REJECTS [OPTION]" >&2
	exit 2
	;;
esac
