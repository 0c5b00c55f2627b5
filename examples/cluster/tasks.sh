#!/bin/sh
# The tasks of examples/dedup.sh's pipeline cut for a cluster: any number
# of hosts that share a file system, each task run by Slurm (slurm.sh) or
# by GNU parallel over ssh (parallel.sh), with the same clusters, kept
# pages and frontier, byte for byte, as one dedup.sh run on one machine.
#
#	sh tasks.sh WORK init P SHARD...
#	sh tasks.sh WORK STAGE [INDEX]
#
# WORK is a directory that every host sees at the same path; init writes
# the job in it (the shards, in order, and P, the number of partitions),
# or checks that WORK holds this job already.  A shard is a file, read by
# one task: a WARC file (.warc; .warc.gz), or records ID TAB HTML (.tsv),
# as htmltext --warc and --tsv read them.  Their order is the crawl's:
# the shards one after another are the input of the one-machine run.
# Then the five stages, each after the one before has finished:
#
#	text  INDEX  shard INDEX: htmltext --meta and htmllinks; sha256text -a;
#	             urlnorm of the page URLs and of the links; the digests
#	             and the URLs sent to P partitions by key
#	seen  INDEX  partition INDEX: the first page of each digest (seen
#	             --exact), and the links to pages not fetched (seen --exact
#	             --state, first fed the page URLs)
#	keys  INDEX  shard INDEX: its first pages (unique.tsv), simhash -n 3,
#	             nearpairs --emit-keys --part INDEX, sent to P partitions by key
#	pairs INDEX  partition INDEX: sort, nearpairs --from-keys, sort
#	merge        one task: the pairs of every partition merged (sort -m -u),
#	             nearverify --clusters on them and the first pages of every
#	             shard, in order; kept.txt; the frontier merged
#
# The result is WORK/out/: pairs.tsv, clusters.tsv, kept.txt, frontier.tsv,
# as dedup.sh writes them in its WORKDIR.  Each task also writes OUT/cost,
# HOST TAB CPU TAB WALL: where it ran, its seconds of CPU time (its
# programs' included) and of wall time.  Without INDEX, a task takes
# $SLURM_ARRAY_TASK_ID.  A key's partition depends on the key alone: the
# digest of a text, its first 8 hex digits mod P; a URL, the same of its
# SHA-256 (sha256text); a key of nearpairs --emit-keys, TABLE.BLOCK, the
# table number plus the block's value, mod P.  So every record of one key
# meets the others in one task, which sees them in crawl order (shard by
# shard, line by line), and does what the one-machine run does to them.
# crawlutils(7), "Shards and partitions", says which programs can be
# split how.
#
# Resuming: a task writes into OUT.tmp.XXXXXX beside its output directory
# OUT (WORK/STAGE/INDEX, WORK/out) and renames it to OUT when everything
# is written; a task whose OUT exists does nothing, so a job submitted
# again runs only what was not finished, and a task killed half-way has
# left no OUT.  (A task's leftover OUT.tmp.* is removed by its next run:
# the engines never run one task twice at once.)
#
# Failures: a task fails, with a message naming its stage, index and
# shard on the standard error and status 1, when a program fails (status
# 2: a shard that cannot be read, a write error) or when htmltext or
# htmllinks reject more than MAX_REJECTS records of a shard (0 by default,
# set at init: a shard that is not a WARC file, or a WARC file cut short,
# is a corrupt shard, not pages to skip); the rejected records are in
# OUT/rejects.*.  urlnorm's rejects (-q: URLs that cannot be made
# canonical, never links) are dropped as in dedup.sh.  The files of one
# partition and shard are small, and there are N x P of them, at each of
# the two shuffles: choose shards of the size of a task (a WARC file of
# Common Crawl, 1 GB, is one) and P of the size of a reduce's memory.
# The programs are found on PATH, else in ../../build/bin.
set -eu
LC_ALL=C	# byte order for every sort and comparison below
export LC_ALL

here=$(cd "$(dirname "$0")" && pwd)
PATH=$PATH:$here/../../build/bin	# if they are not on PATH
tab=$(printf '\t')

# The options of dedup.sh's route (keep them the same as there)
SIMHASH_OPTS="-n 3"
NEARPAIRS_OPTS="-k 4"		# both steps of nearpairs
NEARPAIRS_REDUCE="--distinct-versions"
URLNORM_OPTS="-q --extended-drops"

usage() {
	echo "usage: tasks.sh WORK init P SHARD... | tasks.sh WORK text|seen|keys|pairs [INDEX] | tasks.sh WORK merge" >&2
	exit 2
}
[ $# -ge 2 ] || usage
work=$1 stage=$2
shift 2
case $work in /*) ;; *) work=$(pwd)/$work ;; esac

# say MESSAGE: on the standard error, naming the task
say() { echo "tasks.sh: $task: $*" >&2; }
# fail MESSAGE: the task failed; nothing of it is kept
fail() {
	say "$*"
	[ -z "${tmp:-}" ] || rm -rf "$tmp"
	exit 1
}

init() {
	[ $# -ge 2 ] || usage
	p=$1
	shift
	case $p in ''|*[!0-9]*|0*) echo "tasks.sh: P must be a number from 1" >&2; exit 2 ;; esac
	max=${MAX_REJECTS:-0}
	case $max in ''|*[!0-9]*) echo "tasks.sh: MAX_REJECTS must be a number" >&2; exit 2 ;; esac
	[ $# -le 999999 ] || { echo "tasks.sh: at most 999999 shards" >&2; exit 2; }
	mkdir -p "$work"
	list=$(mktemp "$work/.shards.XXXXXX")
	for s; do
		case $s in
		*.warc|*.warc.gz|*.tsv) ;;
		*) rm -f "$list"; echo "tasks.sh: $s: not a .warc, .warc.gz or .tsv file" >&2; exit 2 ;;
		esac
		case $s in
		*"
"*) rm -f "$list"; echo "tasks.sh: a shard name holds a line feed" >&2; exit 2 ;;
		esac
		[ -r "$s" ] || { rm -f "$list"; echo "tasks.sh: $s: cannot be read" >&2; exit 2; }
		case $s in /*) echo "$s" ;; *) echo "$(cd "$(dirname "$s")" && pwd)/$(basename "$s")" ;; esac
	done > "$list"
	printf 'P=%s\nMAX_REJECTS=%s\n' "$p" "$max" > "$list.conf"
	if [ -e "$work/shards" ]; then
		if cmp -s "$list" "$work/shards" && cmp -s "$list.conf" "$work/conf"; then
			rm -f "$list" "$list.conf"
			return 0
		fi
		rm -f "$list" "$list.conf"
		echo "tasks.sh: $work holds another job (other shards, P or MAX_REJECTS): use a new WORK" >&2
		exit 2
	fi
	mv "$list.conf" "$work/conf"
	mv "$list" "$work/shards"
	mkdir -p "$work/log"
}

if [ "$stage" = init ]; then
	init "$@"
	exit 0
fi
[ -s "$work/shards" ] && [ -s "$work/conf" ] || {
	echo "tasks.sh: $work: no job here (tasks.sh WORK init P SHARD...)" >&2
	exit 2
}
. "$work/conf"
n=$(wc -l < "$work/shards")
n=$((n + 0))
case $stage in
text|keys) max=$((n - 1)) ;;
seen|pairs) max=$((P - 1)) ;;
merge) max=0 ;;
*) usage ;;
esac
i=${1:-${SLURM_ARRAY_TASK_ID:-}}
[ "$stage" != merge ] || i=${i:-0}
case $i in ''|*[!0-9]*) usage ;; esac
[ "$i" -le "$max" ] || { echo "tasks.sh: $stage $i: no such task (0 to $max)" >&2; exit 2; }
task="$stage $i"
case $stage in text|keys) shard=$(sed -n "$((i + 1))p" "$work/shards"); task="$task ($shard)" ;; esac

# The task's output directory; done before: nothing to do
out=$work/$stage/$i
[ "$stage" != merge ] || out=$work/out
if [ -d "$out" ]; then
	say "done before, skipped"
	exit 0
fi
mkdir -p "$(dirname "$out")"
rm -rf "$out".tmp.*
tmp=$(mktemp -d "$out.tmp.XXXXXX")
trap 'rm -rf "$tmp"; exit 1' HUP INT TERM
host=${SLURMD_NODENAME:-$(uname -n)}
start=$(date +%s)
say "started on $host"

# paths STAGE [FILE]: the output directory (or FILE in it) of every task
# of STAGE, in order, one a line
paths() {
	k=0 m=$n
	case $1 in seen|pairs) m=$P ;; esac
	while [ "$k" -lt "$m" ]; do echo "$work/$1/$k${2:+/$2}"; k=$((k + 1)); done
}
# need STAGE: every task of STAGE has finished
need() {
	miss=$(paths "$1" | while read -r d; do [ -d "$d" ] || { echo "$d"; break; }; done)
	[ -z "$miss" ] || fail "$miss is missing: stage $1 has not finished"
}
# The commands that read the files of many tasks run at the head of a
# pipe, where sh would lose their status: they write it to $tmp/failed,
# which ok checks after the pipe.
# cat_each STAGE FILE: FILE of every task of STAGE, one after another
cat_each() {
	paths "$1" "$2" | tr '\n' '\0' | xargs -0 cat -- ||
		echo "cannot read $2 of every $1 task" >> "$tmp/failed"
}
# tag_each STAGE FILE: the same, each line after its task's INDEX and a TAB
tag_each() {
	paths "$1" | awk -v f="$2" '{
		p = $0 "/" f; i = $0; sub(/.*\//, "", i)
		while ((r = (getline l < p)) > 0) print i "\t" l
		if (r < 0) { print "tasks.sh: cannot read " p > "/dev/stderr"; exit 2 }
		close(p)
	}' || echo "cannot read $2 of every $1 task" >> "$tmp/failed"
}
ok() { [ ! -s "$tmp/failed" ] || fail "$(cat "$tmp/failed")"; }
# split_by FIELD KIND PREFIX: the records of stdin to PREFIX.0 ... PREFIX.(P-1)
# by the key in FIELD, without that field when KIND is "drop", as the
# partition rule says: KIND hex or drop (the first 8 hex digits of the
# field), or block (TABLE.BLOCK)
split_by() {
	awk -F '\t' -v OFS='\t' -v f="$1" -v kind="$2" -v o="$3" -v P="$P" '
	function hex(s,  i, v) {
		v = 0
		for (i = 1; i <= length(s); i++)
			v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v
	}
	BEGIN { for (j = 0; j < P; j++) printf "" > (o "." j) }
	{
		if (kind == "block") {
			d = index($f, ".")
			j = (substr($f, 1, d - 1) + hex(substr($f, d + 1))) % P
		} else
			j = hex(substr($f, 1, 8)) % P
		if (kind == "drop") {
			r = ""
			for (c = 1; c <= NF; c++) if (c != f) r = r (r == "" ? "" : OFS) $c
			print r > (o "." j)
		} else
			print > (o "." j)
	}'
}
# htmlprog PROG OPTION...: PROG reads the shard; its rejects to
# $tmp/rejects.PROG; status 0, or fail
htmlprog() {
	prog=$1
	shift
	rej=$tmp/rejects.$prog
	case $shard in
	*.warc.gz)
		# when htmltext --warc reads .warc.gz itself, this becomes the
		# .warc case below
		{ zcat -- "$shard" || echo "$?" > "$tmp/zcat.status"; } |
			"$prog" --warc --rejects "$rej" "$@" - && st=0 || st=$?
		[ ! -e "$tmp/zcat.status" ] ||
			fail "$shard: zcat failed (status $(cat "$tmp/zcat.status")): a corrupt shard"
		;;
	*.warc) "$prog" --warc --rejects "$rej" "$@" "$shard" && st=0 || st=$? ;;
	*.tsv) "$prog" --tsv --rejects "$rej" "$@" "$shard" && st=0 || st=$? ;;
	esac
	[ "$st" -le 1 ] || fail "$shard: $prog failed (status $st)"
	r=$(wc -l < "$rej")
	[ "$r" -le "$MAX_REJECTS" ] ||
		fail "$shard: $prog rejected $r, more than MAX_REJECTS=$MAX_REJECTS: a corrupt shard?"
}

case $stage in
text)
	htmlprog htmltext --meta > "$tmp/meta.tsv"
	htmlprog htmllinks > "$tmp/links.tsv"
	# ID TITLE TEXT; ID TITLE SHA256 TEXT, the pages with a text
	cut -f 1,2,7 "$tmp/meta.tsv" > "$tmp/docs.tsv"
	sha256text -a "$tmp/docs.tsv" > "$tmp/digests.tsv" || fail "sha256text failed"
	awk -F '\t' '$4 != ""' "$tmp/digests.tsv" > "$tmp/texts.tsv"
	# DIGEST TAB LINE (in texts.tsv), to the digest's partition
	awk -F '\t' -v OFS='\t' '{ print $3, NR }' "$tmp/texts.tsv" | split_by 1 hex "$tmp/d"
	# the page URLs, and POS TAB PAGE TAB URL for each link (POS: shard
	# and line, fixed width, so that byte order is crawl order), to the
	# partition of the URL
	{ cut -f 1 "$tmp/docs.tsv" | urlnorm $URLNORM_OPTS || [ $? -eq 1 ]; } > "$tmp/fetched.txt" ||
		fail "urlnorm failed"
	{ urlnorm $URLNORM_OPTS -f 2 "$tmp/links.tsv" || [ $? -eq 1 ]; } > "$tmp/links.norm.tsv" ||
		fail "urlnorm failed"
	sha256text --raw -a "$tmp/fetched.txt" > "$tmp/fetched.sha" || fail "sha256text failed"
	split_by 1 drop "$tmp/f" < "$tmp/fetched.sha"
	awk -F '\t' -v OFS='\t' -v i="$i" '{ printf "%06d.%012d\t%s\n", i, NR, $0 }' \
	    "$tmp/links.norm.tsv" | sha256text --raw -a > "$tmp/links.sha" || fail "sha256text failed"
	split_by 3 drop "$tmp/l" < "$tmp/links.sha"
	rm -f "$tmp/docs.tsv" "$tmp/digests.tsv" "$tmp/links.tsv" "$tmp/links.norm.tsv" \
	    "$tmp/fetched.txt" "$tmp/fetched.sha" "$tmp/links.sha"
	;;
seen)
	need text
	# the first of each digest, in crawl order: INDEX TAB LINE, to one
	# file of kept lines a shard
	tag_each text "d.$i" | awk -F '\t' -v OFS='\t' '{ print $2, $1, $3 }' |
		seen --exact > "$tmp/first.tsv" || fail "seen failed"
	ok
	awk -F '\t' -v o="$tmp/keep" 'BEGIN { s = -1 }
		$2 != s { if (s >= 0) close(o "." s); s = $2 }
		{ print $3 > (o "." s) }' "$tmp/first.tsv"
	# the frontier: the links whose URL is neither a page nor an earlier link
	cat_each text "f.$i" | seen --exact --state "$tmp/frontier.seen" > /dev/null ||
		fail "seen failed"
	cat_each text "l.$i" | seen --exact --state "$tmp/frontier.seen" -f 3 > "$tmp/frontier.tsv" ||
		fail "seen failed"
	ok
	rm -f "$tmp/first.tsv" "$tmp/frontier.seen.lock"
	;;
keys)
	need seen
	# the lines of texts.tsv that are the first of their digest (a
	# partition that kept none of this shard has no keep.INDEX)
	paths seen "keep.$i" | while read -r f; do
		[ ! -e "$f" ] || cat "$f" || exit 1
	done > "$tmp/keep" || fail "cannot read the kept lines"
	awk -F '\t' -v OFS='\t' 'FILENAME == ARGV[1] { k[$1]; next } FNR in k' \
	    "$tmp/keep" "$work/text/$i/texts.tsv" > "$tmp/unique.tsv"
	simhash $SIMHASH_OPTS "$tmp/unique.tsv" > "$tmp/fp.all" || fail "simhash failed"
	cut -f 1,4 "$tmp/fp.all" > "$tmp/fingerprints.tsv"
	nearpairs --emit-keys $NEARPAIRS_OPTS --part "$i" "$tmp/fingerprints.tsv" > "$tmp/keys" ||
		fail "nearpairs --emit-keys failed"
	split_by 1 block "$tmp/k" < "$tmp/keys"
	rm -f "$tmp/keep" "$tmp/fp.all" "$tmp/keys"
	;;
pairs)
	need keys
	cat_each keys "k.$i" | sort > "$tmp/keys" || fail "sort failed"
	ok
	nearpairs --from-keys $NEARPAIRS_OPTS $NEARPAIRS_REDUCE "$tmp/keys" > "$tmp/pairs.raw" ||
		fail "nearpairs --from-keys failed"
	sort "$tmp/pairs.raw" > "$tmp/pairs" || fail "sort failed"
	rm -f "$tmp/keys" "$tmp/pairs.raw"
	;;
merge)
	need seen
	need keys
	need pairs
	# the pairs in crawl order, as RECORD1 RECORD2 sorts them
	set --
	k=0
	while [ "$k" -lt "$P" ]; do set -- "$@" "$work/pairs/$k/pairs"; k=$((k + 1)); done
	sort -m -u -- "$@" > "$tmp/pairs.raw" || fail "sort -m failed"
	cut -f 3- "$tmp/pairs.raw" > "$tmp/pairs.tsv"
	cat_each keys unique.tsv | nearverify -d - --clusters "$tmp/pairs.tsv" > "$tmp/clusters.tsv" ||
		fail "nearverify failed"
	ok
	awk -F '\t' '$1 == $2 { print $1 }' "$tmp/clusters.tsv" > "$tmp/kept.txt"
	# the links in crawl order, as POS sorts them
	set --
	k=0
	while [ "$k" -lt "$P" ]; do set -- "$@" "$work/seen/$k/frontier.tsv"; k=$((k + 1)); done
	sort -m -t "$tab" -k 1,1 -- "$@" > "$tmp/frontier.raw" || fail "sort -m failed"
	cut -f 2- "$tmp/frontier.raw" > "$tmp/frontier.tsv"
	rm -f "$tmp/pairs.raw" "$tmp/frontier.raw"
	;;
esac

# What the task cost, in OUT/cost: HOST TAB CPU TAB WALL, the seconds of
# CPU time of the task and its programs, and of wall time
times > "$tmp/times"
awk -v h="$host" -v w=$(($(date +%s) - start)) '
	{ for (f = 1; f <= NF; f++) { split($f, t, "m"); c += t[1] * 60 + t[2] } }
	END { printf "%s\t%.2f\t%d\n", h, c, w }' "$tmp/times" > "$tmp/cost"
rm -f "$tmp/times"

# done: the output appears whole, or not at all
[ ! -e "$out" ] || fail "$out appeared meanwhile: another run of this task?"
mv "$tmp" "$out"
say "done: $(cut -f 2 "$out/cost") s of CPU time, $(cut -f 3 "$out/cost") s"
