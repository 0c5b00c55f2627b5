#!/bin/sh
# The tasks of examples/dedup.sh's pipeline cut for a cluster: any number
# of hosts that share a file system, each task run by Slurm (slurm.sh) or
# by GNU parallel over ssh (parallel.sh), with the same clusters, kept
# pages and frontier, byte for byte, as one dedup.sh run on one machine.
#
#	sh tasks.sh WORK init P SHARD...
#	sh tasks.sh WORK todo STAGE
#	sh tasks.sh WORK STAGE [INDEX]
#
# WORK is a directory that every host sees at the same path; init writes
# the job in it (the shards, in order, and P, the number of partitions),
# or checks that WORK holds this job already; todo lists the indices of
# the tasks of STAGE not done yet, one a line.  A shard is a file, read by
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
#	keys  INDEX  shard INDEX: its first pages (unique.tsv), simhash -n 4,
#	             nearpairs --emit-keys --part INDEX, sent to P partitions by key
#	pairs INDEX  partition INDEX: sort, nearpairs --from-keys, sort
#	merge        one task: the pairs of every partition merged (sort -m -u),
#	             nearverify --clusters on them and the first pages of every
#	             shard, in order; kept.txt; the frontier merged
#
# The result is WORK/out/: pairs.tsv, clusters.tsv, kept.txt, frontier.tsv,
# as dedup.sh writes them in its WORKDIR.  Each task also writes OUT/cost,
# HOST TAB CPU: where it ran, and its seconds of CPU time, its programs'
# included.  Without INDEX, a task takes $SLURM_ARRAY_TASK_ID.
#
# A key's partition depends on the key alone: a text's digest, its first
# 4 hex digits mod P; a URL, the same of its SHA-256 (sha256text --raw);
# a key of nearpairs --emit-keys, TABLE.BLOCK, 16 times the table number
# plus the block's last hex digit, mod P (P up to 16 times the number of
# tables nearpairs uses spreads them).  So every record of one key meets the others
# in one task, which sees them in crawl order (shard by shard, line by
# line), and does what the one-machine run does to them.  The frontier's
# state (seen --exact --state) is partitioned the same way, each
# partition's owned by its task: an exact set split by key gives what one
# set gives, where Bloom filters would not.  crawlutils(7), "Shards and
# partitions", says which programs can be split how.
#
# Resuming: a task writes into OUT.tmp.HOST.PID beside its output
# directory OUT (WORK/STAGE/INDEX, WORK/out) and renames it to OUT when
# everything is written; a task whose OUT exists does nothing, so a job
# submitted again runs only what was not finished, and a task killed
# half-way has left no OUT.  (A task's leftover OUT.tmp.* is removed by its
# next run: the engines never run one task twice at once.)
#
# Failures: a task fails, with a message naming its stage, index and
# shard on the standard error and status 1, when a program fails (status
# 2: a shard that cannot be read, a write error) or when htmltext or
# htmllinks reject more than MAX_REJECTS records of a shard (0 by default,
# set at init: a shard that is not a WARC file, or a WARC file cut short,
# is a corrupt shard, not pages to skip); the rejected records are in
# OUT/rejects.*.  urlnorm's rejects (-q: URLs that cannot be made
# canonical, never links) are dropped as in dedup.sh.
#
# Sizes: each shuffle makes N x P small files (shard by partition), and a
# task costs a few dozen processes: choose shards of the size of a task
# (a WARC file of Common Crawl, 1 GB, is one) and P of the size of a
# reduce's memory.  The programs are found on PATH, else in ../../build/bin.
set -eu
LC_ALL=C	# byte order for every sort and comparison below
export LC_ALL

case $0 in */*) here=${0%/*} ;; *) here=. ;; esac
PATH=$PATH:$here/../../build/bin	# if they are not on PATH
tab=$(printf '\t')

# The options of dedup.sh's route (keep them the same as there)
SIMHASH_OPTS="-n 4"
NEARPAIRS_OPTS="-k 5"		# both steps of nearpairs
NEARPAIRS_REDUCE="--distinct-versions"
URLNORM_OPTS="-q --extended-drops"

usage() {
	echo "usage: tasks.sh WORK init P SHARD... | tasks.sh WORK todo STAGE |" \
	    "tasks.sh WORK text|seen|keys|pairs [INDEX] | tasks.sh WORK merge" >&2
	exit 2
}
[ $# -ge 2 ] || usage
work=$1 stage=$2
shift 2
case $work in /*) ;; *) work=$(pwd)/$work ;; esac

# say MESSAGE: on the standard error, naming the task
say() { echo "tasks.sh: $task: $*" >&2; }
# fail MESSAGE: the task failed; nothing of it is kept (the EXIT trap)
fail() {
	say "$*"
	failed=1
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
	printf 'N=%s\nP=%s\nMAX_REJECTS=%s\n' $# "$p" "$max" > "$list.conf"
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
# count STAGE: the number of tasks of STAGE
count() {
	case $1 in
	text|keys) echo "$N" ;;
	seen|pairs) echo "$P" ;;
	merge) echo 1 ;;
	*) usage ;;
	esac
}
if [ "$stage" = todo ]; then
	[ $# -eq 1 ] || usage
	m=$(count "$1")
	k=0
	while [ "$k" -lt "$m" ]; do
		d=$work/$1/$k
		[ "$1" != merge ] || d=$work/out
		[ -d "$d" ] || echo "$k"
		k=$((k + 1))
	done
	exit 0
fi
max=$(($(count "$stage") - 1))
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
[ -d "${out%/*}" ] || mkdir -p "${out%/*}"
for f in "$out".tmp.*; do
	[ ! -e "$f" ] || rm -rf "$out".tmp.*	# a killed run's
	break
done
host=${SLURMD_NODENAME:-$(uname -n)}
tmp=$out.tmp.$host.$$
mkdir "$tmp" || fail "cannot make $tmp"
# whatever ends the task early (fail, a command that set -e stops at, a
# signal) removes what it had written
trap 'st=$?; if [ "$st" -ne 0 ]; then rm -rf "$tmp"; [ -n "${failed:-}" ] || say "failed (status $st)"; fi' EXIT
trap 'say "killed"; failed=1; exit 1' HUP INT TERM
say "started on $host"

# paths STAGE [FILE]: the output directory (or FILE in it) of every task
# of STAGE, in order, one a line
paths() {
	k=0 m=$(count "$1")
	while [ "$k" -lt "$m" ]; do echo "$work/$1/$k${2:+/$2}"; k=$((k + 1)); done
}
# need STAGE: every task of STAGE has finished
need() {
	miss=$(paths "$1" | while read -r d; do [ -d "$d" ] || { echo "$d"; break; }; done)
	[ -z "$miss" ] || fail "$miss is missing: stage $1 has not finished"
}
# The commands of a pipe run in subshells, where sh would lose their
# status: try writes it to $tmp/failed, which ok checks after the pipe.
# try NAME COMMAND...: COMMAND, whose failure marks the task failed
try() {
	name=$1
	shift
	"$@" || echo "$name failed (status $?)" >> "$tmp/failed"
}
# try1 NAME COMMAND...: the same, status 1 (records rejected) allowed
try1() {
	name=$1 st=0
	shift
	"$@" || st=$?
	[ "$st" -le 1 ] || echo "$name failed (status $st)" >> "$tmp/failed"
}
ok() { [ ! -s "$tmp/failed" ] || fail "$(cat "$tmp/failed")"; }
# cat_each STAGE FILE: FILE of every task of STAGE, one after another
cat_each() {
	paths "$1" "$2" | tr '\n' '\0' | try "reading $2 of every $1 task" xargs -0 cat --
}
# The partition of a key, as awk functions (the awk program sets P):
# digest(k) of a hex digest, block(k) of a key TABLE.BLOCK
part='
function hex(c) { return index("0123456789abcdef", c) - 1 }
function digest(k,  v) {
	v = hex(substr(k, 1, 1)) * 4096 + hex(substr(k, 2, 1)) * 256
	return (v + hex(substr(k, 3, 1)) * 16 + hex(substr(k, 4, 1))) % P
}
function block(k) { return (substr(k, 1, 3) * 16 + hex(substr(k, length(k), 1))) % P }'
# split_by KIND FIELD OUT PREFIX: each record of stdin to the file PREFIX.J
# of the partition J of its key, FIELD, a digest or a block (KIND); OUT,
# the list of the fields to write, or "all".  Every PREFIX.J is made,
# empty or not.
split_by() {
	try "splitting by key" awk -F '\t' -v OFS='\t' -v kind="$1" -v f="$2" -v out="$3" \
	    -v o="$4" -v P="$P" "$part"'
	BEGIN {
		for (j = 0; j < P; j++) printf "" > (o "." j)
		n = out == "all" ? 0 : split(out, c, ",")
	}
	{
		j = kind == "block" ? block($f) : digest($f)
		if (n == 0) {
			print > (o "." j)
			next
		}
		r = $c[1]
		for (k = 2; k <= n; k++) r = r OFS $c[k]
		print r > (o "." j)
	}'
}
# read_shard PROG OPTION...: PROG reads the shard, writes its rejects to
# $tmp/rejects.PROG; more of them than MAX_REJECTS, or trouble, fails
read_shard() {
	prog=$1
	shift
	rej=$tmp/rejects.$prog
	case $shard in
	*.warc.gz)
		# when htmltext --warc reads .warc.gz itself, this becomes the
		# .warc case below
		{ zcat -- "$shard" || echo "$shard: zcat failed (status $?): a corrupt shard" \
		    >> "$tmp/failed"; } | "$prog" --warc --rejects "$rej" "$@" - && st=0 || st=$?
		ok
		;;
	*.warc) "$prog" --warc --rejects "$rej" "$@" "$shard" && st=0 || st=$? ;;
	*.tsv) "$prog" --tsv --rejects "$rej" "$@" "$shard" && st=0 || st=$? ;;
	esac
	[ "$st" -le 1 ] || fail "$shard: $prog failed (status $st)"
	if [ -s "$rej" ]; then
		r=$(wc -l < "$rej")
		[ "$r" -le "$MAX_REJECTS" ] ||
			fail "$shard: $prog rejected $r, more than MAX_REJECTS=$MAX_REJECTS: a corrupt shard?"
	fi
}

case $stage in
text)
	read_shard htmltext --meta > "$tmp/meta.tsv"
	read_shard htmllinks > "$tmp/links.tsv"
	# ID TITLE TEXT; the pages with a text, ID TITLE SHA256 TEXT; for each
	# of them DIGEST TAB INDEX TAB LINE (in texts.tsv), to its partition
	cut -f 1,2,8 "$tmp/meta.tsv" > "$tmp/docs.tsv"
	try sha256text sha256text -a "$tmp/docs.tsv" |
		try "splitting by key" awk -F '\t' -v OFS='\t' -v t="$tmp/texts.tsv" -v i="$i" \
		    -v o="$tmp/d" -v P="$P" "$part"'
		BEGIN { for (j = 0; j < P; j++) printf "" > (o "." j) }
		$4 != "" { print > t; print $3, i, ++n > (o "." digest($3)) }'
	ok
	# the page URLs, and POS TAB PAGE TAB URL for each link (POS: shard
	# and line, fixed width, so that byte order is crawl order), to the
	# partition of the URL's digest
	cut -f 1 "$tmp/docs.tsv" | try1 urlnorm urlnorm $URLNORM_OPTS |
		try sha256text sha256text --raw -a | split_by digest 1 2 "$tmp/f"
	try1 urlnorm urlnorm $URLNORM_OPTS -f 2 "$tmp/links.tsv" |
		awk -v i="$i" '{ printf "%06d.%012d\t%s\n", i, NR, $0 }' |
		try sha256text sha256text --raw -a | split_by digest 3 1,2,4 "$tmp/l"
	ok
	rm -f "$tmp/meta.tsv" "$tmp/docs.tsv" "$tmp/links.tsv"
	;;
seen)
	need text
	# the first of each digest, in crawl order: a file of kept lines for
	# each shard (every one made, empty or not)
	cat_each text "d.$i" | try seen seen --exact |
		try "splitting by shard" awk -F '\t' -v o="$tmp/keep" -v n="$N" '
		BEGIN { for (s = 0; s < n; s++) { printf "" > (o "." s); close(o "." s) } s = -1 }
		$2 != s { if (s >= 0) close(o "." s); s = $2 }
		{ print $3 >> (o "." s) }'
	ok
	# the frontier: the links whose URL is neither a page nor an earlier link
	cat_each text "f.$i" | try seen seen --exact --state "$tmp/frontier.seen" > /dev/null
	ok
	cat_each text "l.$i" | try seen seen --exact --state "$tmp/frontier.seen" -f 3 \
	    > "$tmp/frontier.tsv"
	ok
	rm -f "$tmp/frontier.seen.lock"
	;;
keys)
	need seen
	# the lines of texts.tsv that are the first of their digest
	cat_each seen "keep.$i" > "$tmp/keep"
	ok
	awk 'FILENAME == ARGV[1] { k[$1]; next } FNR in k' "$tmp/keep" "$work/text/$i/texts.tsv" \
	    > "$tmp/unique.tsv"
	rm -f "$tmp/keep"
	try simhash simhash $SIMHASH_OPTS "$tmp/unique.tsv" | cut -f 1,4 |
		try "nearpairs --emit-keys" nearpairs --emit-keys $NEARPAIRS_OPTS --part "$i" |
		split_by block 1 all "$tmp/k"
	ok
	;;
pairs)
	need keys
	# (one thread a sort: less CPU time, and the engine runs tasks side by side)
	cat_each keys "k.$i" | try sort sort --parallel=1 |
		try "nearpairs --from-keys" nearpairs --from-keys $NEARPAIRS_OPTS $NEARPAIRS_REDUCE |
		try sort sort --parallel=1 > "$tmp/pairs"
	ok
	;;
merge)
	need seen
	need keys
	need pairs
	# the pairs in crawl order, as RECORD1 RECORD2 sorts them
	set --
	k=0
	while [ "$k" -lt "$P" ]; do set -- "$@" "$work/pairs/$k/pairs"; k=$((k + 1)); done
	try "sort -m" sort -m -u -- "$@" | cut -f 3- > "$tmp/pairs.tsv"
	ok
	cat_each keys unique.tsv | try nearverify nearverify -d - --clusters "$tmp/pairs.tsv" \
	    > "$tmp/clusters.tsv"
	ok
	awk -F '\t' '$1 == $2 { print $1 }' "$tmp/clusters.tsv" > "$tmp/kept.txt"
	# the links in crawl order, as POS sorts them
	set --
	k=0
	while [ "$k" -lt "$P" ]; do set -- "$@" "$work/seen/$k/frontier.tsv"; k=$((k + 1)); done
	try "sort -m" sort -m -t "$tab" -k 1,1 -- "$@" | cut -f 2- > "$tmp/frontier.tsv"
	ok
	;;
esac

# What the task cost, in OUT/cost: HOST TAB CPU, the seconds of CPU time
# of the task and its programs
times > "$tmp/cost"
cpu=$(awk -v h="$host" '
	{ for (f = 1; f <= NF; f++) { split($f, t, "m"); c += t[1] * 60 + t[2] } }
	END { printf "%s\t%.2f\n", h, c }' "$tmp/cost")
echo "$cpu" > "$tmp/cost"

# done: the output appears whole, or not at all
[ ! -e "$out" ] || fail "$out appeared meanwhile: another run of this task?"
mv "$tmp" "$out"
say "done, ${cpu#*"$tab"} s of CPU time"
