# examples/cluster/ on a cluster of three hosts made on this machine
# (examples/cluster/toycluster.sh: network namespaces cu-h1..cu-h3 on a
# bridge, sshd and slurmd on each, slurmctld and munged, everything in a
# temporary directory, taken down at the end even on failure): Slurm job
# arrays (slurm.sh) and GNU parallel over ssh (parallel.sh) give the
# clusters, kept pages and frontier that examples/dedup.sh gives on one
# machine, byte for byte, for 1, 2 and 3 hosts and 1 and 4 partitions;
# a task killed half-way is run again, and only it; a corrupt shard fails
# the run and is named.  The one-machine run is made here, from the same
# pages, so that no expected output is written down.
#
# Run by `make check-cluster` (CRAWLUTILS_CLUSTER=1), as root where
# network namespaces work; skipped otherwise, with the reason, except
# under CI, which must run them.
bats_require_minimum_version 1.5.0
load helper

EX="$BATS_TEST_DIRNAME/../examples"
CL="$EX/cluster"

# why_not: why the cluster cannot be made here (nothing if it can)
why_not() {
	[ "${CRAWLUTILS_CLUSTER:-}" = 1 ] || { echo "make check-cluster runs these"; return; }
	[ "$(id -u)" -eq 0 ] || { echo "not root: network namespaces need it"; return; }
	local p
	for p in ip nsenter ssh ssh-keygen /usr/sbin/sshd munged mungekey slurmctld slurmd \
	    sbatch squeue scancel parallel zcat gzip; do
		command -v "$p" >/dev/null 2>&1 ||
			{ echo "$p not found (sh mk/deps.sh cluster installs it)"; return; }
	done
	ip netns add cu-probe$$ 2>/dev/null || { echo "no network namespaces here (ip netns add failed)"; return; }
	ip netns del cu-probe$$
}

# A private /24 that this machine does not use, for the hosts
pick_net() {
	local n
	for _ in $(seq 50); do
		n=10.213.$((RANDOM % 250 + 2))
		ip -o addr | grep -q " $n\." || { echo "$n"; return; }
	done
	return 1
}

# pages FILE: the pages of examples/pages, in the order dedup.sh reads
# them (site by site as site.sh lists them, files in byte order), as
# URL TAB PATH, the URL the one htmltext --url-from-path gives the page
pages() {
	local pages=$EX/pages s scheme top d f url
	for s in $(sh "$EX/site.sh" list "$pages"); do
		case $s in
		https/*|http/*) scheme=${s%%/*} top=$pages/$scheme d=./${s#*/} ;;
		*) scheme=https top=$pages d=./$s ;;
		esac
		while read -r f; do
			url=$(cd "$top" && htmltext --url-from-path="$scheme" "$f" | cut -f 1)
			[ -n "$url" ] || { echo "no URL for $top/$f" >&2; return 1; }
			printf '%s\t%s\n' "$url" "$top/$f"
		done < <(cd "$top" && find "$d" -type f | LC_ALL=C sort)
	done > "$1"
}

# shards KIND DIR: those pages, six a shard, as DIR/0.KIND ... DIR/5.KIND:
# WARC response records (warc, warc.gz) or ID TAB HTML records (tsv)
shards() {
	local kind=$1 dir=$2 url f k=0 len hdr
	mkdir -p "$dir"
	hdr=$'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n'
	while IFS=$'\t' read -r url f; do
		case $kind in
		warc*)
			len=$(($(wc -c < "$f") + ${#hdr}))
			printf 'WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: %s\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: %d\r\n\r\n%s' \
			    "$url" "$len" "$hdr"
			cat "$f"
			printf '\r\n\r\n'
			;;
		tsv)
			# the page escaped as one field, LF as \n (and a last LF
			# kept as one)
			printf '%s\t' "$url"
			awk '{ gsub(/\\/, "\\\\"); gsub(/\t/, "\\t"); gsub(/\r/, "\\r")
			    printf "%s%s", (NR > 1 ? "\\n" : ""), $0 }' "$f"
			[ "$(tail -c 1 "$f" | wc -l)" -eq 0 ] || printf '\\n'
			printf '\n'
			;;
		esac >> "$dir/$((k / 6)).${kind%.gz}"
		k=$((k + 1))
	done < "$SH/pages.tsv"
	if [ "$kind" = warc.gz ]; then
		for f in "$dir"/*.warc; do gzip -n "$f"; done
	fi
}

setup_file() {
	export CLUSTER_SKIP
	CLUSTER_SKIP=$(why_not)
	[ -z "$CLUSTER_SKIP" ] || return 0
	# the hosts' files in /tmp, not under bats' private directory: munged
	# wants every directory above its socket searchable by all
	export TC REF="$BATS_FILE_TMPDIR/ref" SH="$BATS_FILE_TMPDIR/shards"
	TC=$(mktemp -d /tmp/crawlutils-cluster.XXXXXX)
	net=$(pick_net) || { CLUSTER_SKIP="no free private /24 for the hosts"; return 0; }
	sh "$CL/toycluster.sh" up "$TC" 3 "$net" >&3 2>&1
	# the one-machine run, now, with the programs being tested
	sh "$EX/dedup.sh" "$EX/pages" "$REF" > /dev/null
	mkdir -p "$SH"
	pages "$SH/pages.tsv"
	shards warc "$SH/warc"
	shards warc.gz "$SH/gz"
	shards tsv "$SH/tsv"
}

teardown_file() {
	[ -z "${TC:-}" ] || { sh "$CL/toycluster.sh" down "$TC"; rm -rf "$TC"; }
}

setup() {
	if [ -n "$CLUSTER_SKIP" ]; then
		[ "${CI:-}" != true ] || [ "${CRAWLUTILS_CLUSTER:-}" != 1 ] ||
			fail "CI must run the cluster tests, but: $CLUSTER_SKIP"
		skip "$CLUSTER_SKIP"
	fi
	cd "$BATS_TEST_TMPDIR" || return 1
	# shellcheck disable=SC1091
	. "$TC/env"
	export LC_ALL=C
}

# same_as_one_machine WORK: the clusters, kept pages, frontier and pairs
# are dedup.sh's, byte for byte
same_as_one_machine() {
	local f
	for f in clusters.tsv kept.txt frontier.tsv pairs.tsv; do
		cmp "$REF/$f" "$1/out/$f" || fail "$f differs from the one-machine run's"
	done
	# and not by being empty: the sample crawl has clusters and links
	[ "$(awk -F '\t' '$1 != $2' "$REF/clusters.tsv" | wc -l)" -ge 5 ]
	[ "$(wc -l < "$REF/frontier.tsv")" -ge 100 ]
}

# slurm_hosts WORK: the hosts the tasks of a Slurm run started on
slurm_hosts() { cat "$1"/log/* | sed -n 's/.*: started on \(cu-h[0-9]\)$/\1/p' | sort -u | tr '\n' ' '; }
# parallel_hosts WORK: the hosts in the job logs of a parallel run
parallel_hosts() { cat "$1"/log/*.joblog | awk -F '\t' '$2 ~ /^cu-h/ { print $2 }' | sort -u | tr '\n' ' '; }

# wait_until SECONDS COMMAND...: poll, then fail
wait_until() {
	local t=$(($1 * 4))
	shift
	until "$@"; do
		t=$((t - 1))
		[ "$t" -gt 0 ] || fail "timed out waiting for: $*"
		sleep 0.25
	done
}

@test "cluster: the shards are the pages of the one-machine run, in its order" {
	cat "$SH"/warc/*.warc | htmltext --warc --meta - | cmp - "$REF/meta.tsv"
	zcat "$SH"/gz/*.warc.gz | htmltext --warc --meta - | cmp - "$REF/meta.tsv"
	cat "$SH"/tsv/*.tsv | htmltext --tsv --meta - | cmp - "$REF/meta.tsv"
	[ "$(ls "$SH"/warc | wc -l)" -eq 6 ]
}

# one_run ENGINE HOSTS P [KIND]: ENGINE.sh (slurm, parallel) on the
# first HOSTS hosts with P partitions, on the shards of KIND (warc): the
# one-machine result, from tasks on every one of those hosts
one_run() {
	local engine=$1 kind=${4:-warc} want="" hosts="" i
	for i in $(seq "$2"); do want="${want}cu-h$i " hosts="$hosts${hosts:+,}1/cu-h$i"; done
	run --separate-stderr env WORK="$PWD/work" P="$3" SBATCH_PARTITION="cu$2" \
	    HOSTS="$hosts" SSH="$CU_SSH" sh "$CL/$engine.sh" "$SH/$kind"/*
	assert_success
	[[ $stderr == *"$engine.sh: done: $PWD/work/out"* ]] || fail "$stderr"
	same_as_one_machine work
	assert_equal "$("${engine}_hosts" work)" "$want"
}

@test "slurm: 1 host, 1 partition: the one-machine result" { one_run slurm 1 1; }
@test "slurm: 1 host, 4 partitions: the one-machine result" { one_run slurm 1 4; }
@test "slurm: 2 hosts, 1 partition: the one-machine result" { one_run slurm 2 1; }
@test "slurm: 2 hosts, 4 partitions: the one-machine result" { one_run slurm 2 4; }
@test "slurm: 3 hosts, 1 partition: the one-machine result" { one_run slurm 3 1; }
@test "slurm: 3 hosts, 4 partitions: the one-machine result" { one_run slurm 3 4; }
@test "parallel: 1 host, 1 partition: the one-machine result" { one_run parallel 1 1; }
@test "parallel: 1 host, 4 partitions: the one-machine result" { one_run parallel 1 4; }
@test "parallel: 2 hosts, 1 partition: the one-machine result" { one_run parallel 2 1; }
@test "parallel: 2 hosts, 4 partitions: the one-machine result" { one_run parallel 2 4; }
@test "parallel: 3 hosts, 1 partition: the one-machine result" { one_run parallel 3 1; }
@test "parallel: 3 hosts, 4 partitions: the one-machine result" { one_run parallel 3 4; }
@test "parallel: .warc.gz shards (zcat) give the same" { one_run parallel 3 4 gz; }
@test "parallel: ID TAB HTML shards (--tsv) give the same" { one_run parallel 3 4 tsv; }

# half_shard N: shard N of the WARC shards replaced by a FIFO that gives
# the first half of it and then waits; WRITER the PID holding it open
half_shard() {
	mkdir shards
	cp "$SH"/warc/*.warc shards/
	mv "shards/$1.warc" "real.warc"
	mkfifo "shards/$1.warc"
	sh -c 'exec 3> "$1"; head -c "$2" "$3" >&3; exec sleep 600' - \
	    "shards/$1.warc" $(($(wc -c < real.warc) / 2)) real.warc 4>&- 3>&- &
	WRITER=$!
}
# teardown: what a test left running in the background (a failed test
# may leave its driver and writer behind), by their PIDs
teardown() {
	local p
	for p in ${WRITER:-} ${DRIVER:-}; do
		kill "$p" 2>/dev/null || true
	done
	wait 2>/dev/null || true
}

# The others are done, task N is running, half-way
others_done() {
	local i
	for i in 0 1 2 3 4 5; do
		[ "$i" -eq "$1" ] || [ -d "work/text/$i" ] || return 1
	done
	compgen -G "work/text/$1.tmp.*" >/dev/null
}
# no_reader FIFO: no process but the writer has FIFO open
no_reader() {
	[ -z "$(find /proc/[0-9]*/fd -lname "$PWD/$1" 2>/dev/null | cut -d/ -f3 | sort -u | grep -vx "$WRITER")" ]
}
# mtimes: of every file the tasks have finished, to the nanosecond
mtimes() { find work/text work/seen work/keys work/pairs -mindepth 1 -path '*.tmp.*' -prune -o -print 2>/dev/null | sort | xargs stat -c '%n %.9Y'; }

@test "slurm: a task killed half-way (scancel), resubmitted: the same bytes, no finished task run again" {
	half_shard 3
	# (the background jobs close bats' descriptors, or bats waits for them)
	WORK="$PWD/work" P=4 sh "$CL/slurm.sh" shards/*.warc > /dev/null 2> first.err 3>&- 4>&- &
	DRIVER=$!
	wait_until 120 others_done 3
	job=$(squeue -h -n cu-text -t R -o %i)
	assert_equal "$job" "${job%_3}_3"
	scancel "$job"
	st=0
	wait "$DRIVER" || st=$?
	assert_equal "$st" 1
	grep -q 'slurm.sh: text 3 failed' first.err || fail "$(cat first.err)"
	grep -q 'slurm.sh: no result' first.err
	kill "$WRITER"
	[ ! -e work/text/3 ]
	[ ! -e work/out ]
	rm shards/3.warc
	mv real.warc shards/3.warc
	mtimes > before
	[ "$(wc -l < before)" -gt 10 ]
	run --separate-stderr env WORK="$PWD/work" P=4 sh "$CL/slurm.sh" shards/*.warc
	assert_success
	same_as_one_machine work
	mtimes > after
	# every file there before is unchanged (and still there)
	awk 'NR == FNR { m[$1] = $2; next } $1 in m && m[$1] == $2 { n++ } END { exit n != FNR }' \
	    after before || diff before after
	# the finished tasks were not even submitted again: one start each
	for i in 0 1 2 4 5; do
		assert_equal "$(grep -c 'started' "work/log/text.$i")" 1
	done
	assert_equal "$(grep -c 'started' work/log/text.3)" 2
	[ -z "$(compgen -G 'work/*/*.tmp.*')" ]
}

@test "parallel: an ssh job killed half-way, run again: the same bytes, no finished task run again" {
	half_shard 2
	WORK="$PWD/work" P=4 HOSTS="$CU_HOSTS" SSH="$CU_SSH" sh "$CL/parallel.sh" shards/*.warc \
	    > /dev/null 2> first.err 3>&- 4>&- &
	DRIVER=$!
	wait_until 120 others_done 2
	# the one job still running is task 2's: its ssh, which parallel
	# starts itself or through sh -c
	par=$(pgrep -P "$DRIVER" -x parallel)
	ssh_pid=$(pgrep -P "$par" -x ssh; for c in $(pgrep -P "$par" -x sh); do pgrep -P "$c" -x ssh; done)
	[ "$(echo "$ssh_pid" | wc -w)" -eq 1 ] || fail "ssh jobs: $ssh_pid"
	kill "$ssh_pid"
	st=0
	wait "$DRIVER" || st=$?
	assert_equal "$st" 1
	grep -q 'parallel.sh: stage text failed' first.err || fail "$(cat first.err)"
	# the remote task is gone (parallel's worker on the host kills it when
	# its ssh goes), and left nothing that looks finished
	wait_until 30 no_reader shards/2.warc
	kill "$WRITER"
	[ ! -e work/text/2 ]
	rm shards/2.warc
	mv real.warc shards/2.warc
	mtimes > before
	run --separate-stderr env WORK="$PWD/work" P=4 HOSTS="$CU_HOSTS" SSH="$CU_SSH" \
	    sh "$CL/parallel.sh" shards/*.warc
	assert_success
	same_as_one_machine work
	mtimes > after
	awk 'NR == FNR { m[$1] = $2; next } $1 in m && m[$1] == $2 { n++ } END { exit n != FNR }' \
	    after before || diff before after
	# the second run ran text 2 alone of its stage
	assert_equal "$(grep -c 'text 2 ([^)]*): started' <<< "$stderr")" 1
	assert_equal "$(grep -c 'text [0-9] ([^)]*): started' <<< "$stderr")" 1
	# the killed task's leftover temporary directory is gone too
	[ -z "$(compgen -G 'work/*/*.tmp.*')" ]
}

@test "slurm: a corrupt shard (a WARC file cut short) fails the job, naming the shard" {
	mkdir shards
	cp "$SH"/warc/*.warc shards/
	head -c 3000 "$SH/warc/4.warc" > shards/4.warc
	run --separate-stderr env WORK="$PWD/work" P=4 sh "$CL/slurm.sh" shards/*.warc
	assert_failure 1
	[[ $stderr == *"slurm.sh: text 4 failed"* ]] || fail "$stderr"
	[[ $stderr == *"tasks.sh: text 4 ($PWD/shards/4.warc): $PWD/shards/4.warc: htmltext rejected 1, more than MAX_REJECTS=0"* ]] ||
		fail "$stderr"
	# htmltext's own message, in the task's log, names it too
	grep -q "^htmltext: $PWD/shards/4.warc: offset [0-9]*: " work/log/text.4
	[ ! -e work/out ]
	[ ! -e work/text/4 ]
	# the other shards are done, and no later stage ran
	for i in 0 1 2 3 5; do [ -d "work/text/$i" ]; done
	[ ! -e work/seen ]
}

@test "parallel: a corrupt shard (a .warc.gz cut short) fails the run, naming the shard" {
	mkdir shards
	cp "$SH"/gz/*.warc.gz shards/
	head -c 2000 "$SH/gz/1.warc.gz" > shards/1.warc.gz
	run --separate-stderr env WORK="$PWD/work" P=4 HOSTS="$CU_HOSTS" SSH="$CU_SSH" \
	    sh "$CL/parallel.sh" shards/*.warc.gz
	assert_failure 1
	[[ $stderr == *"tasks.sh: text 1 ($PWD/shards/1.warc.gz): $PWD/shards/1.warc.gz: zcat failed"* ]] ||
		fail "$stderr"
	[[ $stderr == *"parallel.sh: stage text failed"* ]]
	[ ! -e work/out ]
	[ ! -e work/text/1 ]
	[ ! -e work/seen ]
}

@test "tasks.sh: a WORK holds one job; shards it cannot read or does not know are refused" {
	run --separate-stderr sh "$CL/tasks.sh" "$PWD/work" init 4 "$SH"/warc/*.warc
	assert_success
	run --separate-stderr sh "$CL/tasks.sh" "$PWD/work" init 4 "$SH"/warc/*.warc
	assert_success
	assert_equal "$(cat work/conf)" "$(printf 'N=6\nP=4\nMAX_REJECTS=0')"
	for args in "1 $SH/warc/0.warc" "4 $SH/warc/0.warc"; do
		# shellcheck disable=SC2086
		run --separate-stderr sh "$CL/tasks.sh" "$PWD/work" init $args
		assert_failure 2
		assert_equal "$stderr" "tasks.sh: $PWD/work holds another job (other shards, P or MAX_REJECTS): use a new WORK"
	done
	run --separate-stderr sh "$CL/tasks.sh" "$PWD/other" init 4 "$SH/warc/0.warc" missing.warc
	assert_failure 2
	assert_equal "$stderr" "tasks.sh: missing.warc: cannot be read"
	run --separate-stderr sh "$CL/tasks.sh" "$PWD/other" init 4 "$EX/pages/https/blog.example.org/index.html"
	assert_failure 2
	[[ $stderr == *": not a .warc, .warc.gz or .tsv file" ]]
	[ ! -e other/shards ]
}

@test "tasks.sh: MAX_REJECTS=1 lets a shard's one rejected record through, into its rejects file" {
	mkdir shards
	cp "$SH"/warc/*.warc shards/
	head -c 3000 "$SH/warc/4.warc" > shards/4.warc
	# on this machine alone (HOSTS ":"): the rule is the task's
	run --separate-stderr env WORK="$PWD/work" MAX_REJECTS=1 sh "$CL/parallel.sh" shards/*.warc
	assert_success
	assert_equal "$(wc -l < work/text/4/rejects.htmltext)" 1
	lost=$(cut -f 1 work/text/4/rejects.htmltext)
	[[ $lost == https://* ]]
	# that page is not in the result; the one before it, whole, was read
	! grep -q "^$lost	" work/out/clusters.tsv || fail "$lost in clusters.tsv"
	assert_equal "$(cut -f 1 work/text/4/texts.tsv)" "$(sed -n 25p "$SH/pages.tsv" | cut -f 1)"
}
