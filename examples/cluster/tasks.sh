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
#	text  INDEX  shard INDEX: htmltext and htmllinks; sha256text -a;
#	             urlnorm of the page URLs and of the links; the digests
#	             and the URLs sent to P partitions by key
#	seen  INDEX  partition INDEX: the first page of each digest, and the
#	             links to pages not fetched (seen --exact --state, fed
#	             the page URLs first)
#	keys  INDEX  shard INDEX: its first pages (seen, unique.tsv), simhash
#	             -n 7, nearpairs --emit-records --part INDEX --partitions
#	             P: each page sent to the partitions of its keys
#	pairs INDEX  partition INDEX: nearpairs --from-records, the pairs of
#	             the partition's keys, sorted
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
# 4 hex digits mod P; a URL, the same of its SHA-256 (sha256text --raw
# --partitions);
# a key of nearpairs, a table and a block, 16 times the table number
# plus the block's last hex digit, mod P (nearpairs --partitions: P up to
# 16 times the number of tables nearpairs uses spreads them; a page goes
# to the partition of each of its keys).  So every
# record of one key meets the others in one task, which sees them in
# crawl order (shard by shard, line by line), and does what the
# one-machine run does to them.  The first page of a digest: the seen
# task of its partition lists, for each shard, the digests it has that an
# earlier shard had first, and the shard's keys task feeds them to seen
# before its own texts.  The frontier's state (seen --exact --state) is
# partitioned the same way, each partition's owned by its task: an exact
# set split by key gives what one set gives, where Bloom filters would
# not.  crawlutils(7), "Shards and partitions", says which programs can
# be split how.
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
# task costs a dozen processes, some 0.1 s of CPU time on shards of one
# page (bench/cluster.sh): choose shards of the size of a task (a WARC
# file of Common Crawl, 1 GB, is one) and P of the size of a reduce's
# memory.  The programs are found on PATH, else in ../../build/bin.
set -eu
LC_ALL=C	# byte order for every sort and comparison below
export LC_ALL

case $0 in */*) here=${0%/*} ;; *) here=. ;; esac
PATH=$PATH:$here/../../build/bin	# if they are not on PATH
tab='	'	# a TAB

# The options of dedup.sh's route (keep them the same as there)
SIMHASH_OPTS="-n 7"
NEARPAIRS_OPTS="-k 4"		# both steps of nearpairs
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
# count STAGE: the number of tasks of STAGE, in m (not written: a
# command substitution costs a fork, some 4 ms of CPU time here)
count() {
	case $1 in
	text|keys) m=$N ;;
	seen|pairs) m=$P ;;
	merge) m=1 ;;
	*) usage ;;
	esac
}
if [ "$stage" = todo ]; then
	[ $# -eq 1 ] || usage
	count "$1"
	k=0
	while [ "$k" -lt "$m" ]; do
		d=$work/$1/$k
		[ "$1" != merge ] || d=$work/out
		[ -d "$d" ] || echo "$k"
		k=$((k + 1))
	done
	exit 0
fi
count "$stage"
max=$((m - 1))
i=${1:-${SLURM_ARRAY_TASK_ID:-}}
[ "$stage" != merge ] || i=${i:-0}
case $i in ''|*[!0-9]*) usage ;; esac
[ "$i" -le "$max" ] || { echo "tasks.sh: $stage $i: no such task (0 to $max)" >&2; exit 2; }
task="$stage $i"
case $stage in text|keys) shard=$(sed -n "$((i + 1)){p;q;}" "$work/shards"); task="$task ($shard)" ;; esac

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
# (the host's name without a process where Linux gives it in a file)
host=${SLURMD_NODENAME:-}
[ -n "$host" ] || { read -r host < /proc/sys/kernel/hostname; } 2>/dev/null || host=$(uname -n)
tmp=$out.tmp.$host.$$
mkdir "$tmp" || fail "cannot make $tmp"
# whatever ends the task early (fail, a command that set -e stops at, a
# signal) removes what it had written
trap 'st=$?; if [ "$st" -ne 0 ]; then rm -rf "$tmp"; [ -n "${failed:-}" ] || say "failed (status $st)"; fi' EXIT
trap 'say "killed"; failed=1; exit 1' HUP INT TERM
say "started on $host"

# A task costs its programs' work and a few milliseconds of CPU time for
# each process it starts (bench/cluster.sh measures both): the stages
# below start few of them, and the programs read the files they need
# themselves, or through one xargs where the list of files (one a shard)
# could be too long for a command line.

# list STAGE [FILE]: the output directory (or FILE in it) of every task
# of STAGE, in order, each ended by a NUL (for xargs -0 and sort
# --files0-from)
list() {
	k=0
	count "$1"
	while [ "$k" -lt "$m" ]; do printf '%s\000' "$work/$1/$k${2:+/$2}"; k=$((k + 1)); done
}
# need STAGE: every task of STAGE has finished
need() {
	k=0
	count "$1"
	while [ "$k" -lt "$m" ]; do
		[ -d "$work/$1/$k" ] || fail "$work/$1/$k is missing: stage $1 has not finished"
		k=$((k + 1))
	done
}
# The commands of a pipe run in subshells, where sh would lose their
# status: try writes it to $tmp/failed, which ok checks after the pipe.
# try NAME COMMAND...: COMMAND, whose failure marks the task failed
try() {
	name=$1
	shift
	"$@" || echo "$name failed (status $?)" >> "$tmp/failed"
}
# try1 NAME COMMAND...: the same, status 1 (records rejected, or grep's
# no line) allowed
try1() {
	name=$1 st=0
	shift
	"$@" || st=$?
	[ "$st" -le 1 ] || echo "$name failed (status $st)" >> "$tmp/failed"
}
ok() { [ ! -s "$tmp/failed" ] || fail "$(cat "$tmp/failed")"; }
# cat_each STAGE FILE: FILE of every task of STAGE, one after another
cat_each() {
	list "$1" "$2" | try "reading $2 of every $1 task" xargs -0 cat --
}
# The partition of a digest (hex), as an awk function (the awk program
# sets P): its first 4 hex digits, mod P.  (nearpairs --partitions has
# its own for the keys of --emit-records.)
part='
function hex(c) { return index("0123456789abcdef", c) - 1 }
function digest(k,  v) {
	v = hex(substr(k, 1, 1)) * 4096 + hex(substr(k, 2, 1)) * 256
	return (v + hex(substr(k, 3, 1)) * 16 + hex(substr(k, 4, 1))) % P
}'
# read_shard PROG OPTION...: PROG reads the shard, writes its rejects to
# $tmp/rejects.PROG; more of them than MAX_REJECTS, or trouble, fails
# the task (through $tmp/failed: read_shard is the head of a pipe)
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
		;;
	*.warc) "$prog" --warc --rejects "$rej" "$@" "$shard" && st=0 || st=$? ;;
	*.tsv) "$prog" --tsv --rejects "$rej" "$@" "$shard" && st=0 || st=$? ;;
	esac
	if [ "$st" -gt 1 ]; then
		echo "$shard: $prog failed (status $st)" >> "$tmp/failed"
	elif [ -s "$rej" ]; then
		r=$(wc -l < "$rej")
		[ "$r" -le "$MAX_REJECTS" ] || echo "$shard: $prog rejected $r," \
		    "more than MAX_REJECTS=$MAX_REJECTS: a corrupt shard?" >> "$tmp/failed"
	fi
}

case $stage in
text)
	# ID TITLE TEXT (htmltext without --meta is dedup.sh's cut -f 1,2,8
	# of it), with the digest: ID TITLE SHA256 TEXT.  One awk writes the
	# pages with a text (texts.tsv), DIGEST TAB INDEX TAB LINE for each
	# of them (its line in texts.tsv) to its partition (d.J), and the URL
	# of every page (urls)
	read_shard htmltext | try sha256text sha256text -a |
		try "splitting by key" awk -F '\t' -v OFS='\t' -v t="$tmp/texts.tsv" -v i="$i" \
		    -v u="$tmp/urls" -v o="$tmp/d" -v P="$P" "$part"'
		BEGIN { for (j = 0; j < P; j++) printf "" > (o "." j); printf "" > t; printf "" > u }
		{ print $1 > u }
		$4 != "" { print > t; print $3, i, ++n > (o "." digest($3)) }'
	ok
	# The page URLs, normalized, as DIGEST TAB URL (f.J), and the links,
	# as POS TAB PAGE TAB DIGEST TAB URL (l.J), POS their shard and
	# number, fixed width, so that byte order is crawl order: each to the
	# partition of its URL's digest (sha256text --raw -a --partitions P:
	# the first 4 hex digits of the URL's SHA-256, mod P)
	try1 urlnorm urlnorm $URLNORM_OPTS "$tmp/urls" |
		try sha256text sha256text --raw -a --partitions "$P" --prefix "$tmp/f"
	ok
	read_shard htmllinks | try1 urlnorm urlnorm $URLNORM_OPTS -f -1 |
		try "numbering the links" awk -v i="$i" '{ printf "%06d.%012d\t%s\n", i, NR, $0 }' |
		try sha256text sha256text --raw -a --partitions "$P" --prefix "$tmp/l"
	ok
	rm -f "$tmp/urls"
	;;
seen)
	need text
	# The first page of each digest, in crawl order.  A shard's keys
	# task needs the digests of the shard that an earlier shard had
	# first: to drop.S, for the shard S (every one made, empty or not)
	cat_each text "d.$i" |
		try "finding the first pages" awk -F '\t' -v o="$tmp/drop" -v n="$N" '
		BEGIN { for (s = 0; s < n; s++) { printf "" > (o "." s); close(o "." s) } s = -1 }
		$2 != s { if (s >= 0) close(o "." s); s = $2 }
		!($1 in first) { first[$1] = s; next }
		first[$1] != s { print $1 >> (o "." s) }'
	ok
	# The frontier: the links whose URL is neither a page's nor an
	# earlier link's.  seen, keyed on the last field (the URL), reads
	# the page URLs of every shard, then, its state kept, lets through
	# the links of every shard whose URL it has not seen
	cat_each text "f.$i" | try seen seen --exact --state "$tmp/frontier.seen" -f -1 > /dev/null
	ok
	cat_each text "l.$i" | try seen seen --exact --state "$tmp/frontier.seen" -f -1 \
	    > "$tmp/frontier.tsv"
	ok
	rm -f "$tmp/frontier.seen.lock"
	;;
keys)
	need seen
	# The first pages of the shard (unique.tsv): seen, first fed the
	# digests an earlier shard had (drop.I of every seen task), then
	# the shard's texts, keeps the first page of each other digest
	set --
	k=0
	while [ "$k" -lt "$P" ]; do set -- "$@" "$work/seen/$k/drop.$i"; k=$((k + 1)); done
	seen --exact --state "$tmp/first.seen" -- "$@" > /dev/null ||
		fail "seen failed (status $?)"
	seen --exact --state "$tmp/first.seen" -f 3 "$work/text/$i/texts.tsv" \
	    > "$tmp/unique.tsv" || fail "seen failed (status $?)"
	rm -f "$tmp/first.seen" "$tmp/first.seen.lock"
	# ID TITLE SHA256 FINGERPRINTS, whose first and last fields nearpairs
	# reads; each record, RECORD ID FINGERPRINTS, to r.J for every
	# partition J that holds one of its keys
	try simhash simhash $SIMHASH_OPTS "$tmp/unique.tsv" |
		try "nearpairs --emit-records" nearpairs --emit-records $NEARPAIRS_OPTS \
		    --part "$i" --partitions "$P" --prefix "$tmp/r"
	ok
	;;
pairs)
	need keys
	# The records of partition I from every map task, in order: the
	# buckets of its keys searched, the pairs written sorted
	cat_each keys "r.$i" | try "nearpairs --from-records" nearpairs --from-records \
	    $NEARPAIRS_OPTS $NEARPAIRS_REDUCE --part "$i" --partitions "$P" > "$tmp/pairs"
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
	# the links in crawl order, as POS sorts them: PAGE TAB URL
	set --
	k=0
	while [ "$k" -lt "$P" ]; do set -- "$@" "$work/seen/$k/frontier.tsv"; k=$((k + 1)); done
	try "sort -m" sort -m -t "$tab" -k 1,1 -- "$@" | cut -f 2,4 > "$tmp/frontier.tsv"
	ok
	;;
esac

# What the task cost, in OUT/cost: HOST TAB CPU, the seconds of CPU time
# of the task and its programs.  times writes the shell's user and
# system time, then its children's, each MmS.FFFFFFs; they are summed in
# milliseconds by the shell itself (1FFF - 1000: digits with a leading 0
# are not octal then)
times > "$tmp/cost"
ms=0
while read -r a b; do
	for t in $a $b; do
		m=${t%%m*} t=${t#*m} t=${t%s}
		f=${t#*.}000
		f=${f%"${f#???}"}
		ms=$((ms + m * 60000 + ${t%%.*} * 1000 + 1$f - 1000))
	done
done < "$tmp/cost"
cs=$((ms % 1000 / 10))
[ "$cs" -ge 10 ] || cs=0$cs
cpu=$host$tab$((ms / 1000)).$cs
echo "$cpu" > "$tmp/cost"

# done: the output appears whole, or not at all
[ ! -e "$out" ] || fail "$out appeared meanwhile: another run of this task?"
mv "$tmp" "$out"
say "done, ${cpu#*"$tab"} s of CPU time"
