# cluster: examples/cluster/ on 1, 2 and 3 hosts (examples/cluster/
# toycluster.sh: network namespaces on this machine, Slurm and ssh), on a
# crawl made here: bench/gen's English texts (CLUSTER_DOCS, 50000 by
# default), each word given one of 676 endings at random so that texts
# share few words unless one is a copy, and bench/nvgen's edited copies
# of half of them (1 to 3 each, 0 to 10% of the words changed), about
# 100,000 pages as WARC response records of HTML pages with links (to
# pages of the crawl and beyond it): some 430 MB, cut into CLUSTER_SHARDS
# WARC files (6) at record boundaries, and one more that is the first
# fetched again (exact duplicates, links found twice).  The baseline is
# the one-machine run of the same programs with the same options as the
# tasks, one process a step, on the whole crawl as one file: dedup.sh's
# steps that make the cluster's outputs (not its report's: htmltext
# without --meta writes the ID TITLE TEXT that dedup.sh cuts out of
# --meta, as the cluster's text tasks do), so that the ratio is the cost
# of splitting, shuffling and merging alone.
#
# Printed: the CPU time summed over all tasks (each task's own record,
# WORK/STAGE/INDEX/cost: the task's shell and its programs; not the
# engine's daemons) against the baseline's, as a ratio; the wall time
# of each run.  The load of a shared machine moves CPU time by a third
# from one minute to the next, so the runs are interleaved: $runs rounds,
# each a baseline run before each of the six cluster runs (Slurm and ssh,
# 1, 2 and 3 hosts) and one at the end, each cluster run compared with
# the mean of the baseline runs just before and just after it.  For each
# setting: the median of its $runs ratios and their range, the median
# CPU and wall times.  Also: the CPU time of the engine's driver
# (slurm.sh's sbatch and squeue, parallel.sh's perl and ssh clients, not
# counted in the tasks), the stages' CPU time, the fixed CPU cost of a
# task (the same run on a crawl of one page a shard), the peak memory of
# a reduce task (pairs, seen) with 1 and 4 partitions, beside the
# baseline's nearpairs and seen.  Every run must give the baseline's
# bytes.  The hosts share this machine's cores (2 here): wall times
# beyond 2 hosts show the overhead, not a speed-up, and tasks that run
# side by side share caches and memory bandwidth, which one-machine
# steps, one after another, do not.  Needs root and network namespaces,
# else the section says why and skips.

cluster_bench() {
	local docs=${CLUSTER_DOCS:-50000} nsh=${CLUSTER_SHARDS:-6} p=4
	local cl=$here/../examples/cluster tc net f size off base_c base_w
	local engine h t work why ntasks fixed stages
	why=""
	if [ "$(id -u)" -ne 0 ]; then
		why="not root"
	elif ! sh "$here/../mk/deps.sh" cluster >/dev/null 2>&1; then
		why="the packages of mk/deps.sh cluster are missing"
	elif ! ip netns add "cu-probe$$" 2>/dev/null; then
		why="no network namespaces"
	else
		ip netns del "cu-probe$$"
	fi
	if [ -n "$why" ]; then
		echo "cluster: skipped: $why"
		return
	fi

	# the crawl: texts that share few words, copies of half of them, as
	# WARC records of pages with links; then its shards, cut at record
	# boundaries
	cat > "$tmp/vary.awk" <<-'EOF'
	BEGIN { FS = OFS = "\t"; srand(1); a = "abcdefghijklmnopqrstuvwxyz" }
	{
		n = split($2, w, " "); t = ""
		for (i = 1; i <= n; i++)
			t = t (i > 1 ? " " : "") w[i] substr(a, int(rand() * 26) + 1, 1) \
			    substr(a, int(rand() * 26) + 1, 1)
		print $1, t
	}
	EOF
	cat > "$tmp/warc.awk" <<-'EOF'
	BEGIN { FS = "\t" }
	function esc(s) { gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); return s }
	# docI on siteK, its copy docI~C on mirrorC
	function url(id,  i, c) {
		i = id; sub(/^doc/, "", i); c = ""
		if (i ~ /~/) { c = i; sub(/.*~/, "", c); sub(/~.*/, "", i) }
		return c == "" ? "https://site" (i % 97) ".example.com/a/" i ".html" \
		    : "https://mirror" c ".example.net/" (i % 97) "/" i ".html"
	}
	{
		t = $2
		gsub(/\\n/, "\n", t); gsub(/\\t/, " ", t); gsub(/\\\\/, "\\", t)
		np = split(esc(t), para, "\n")
		b = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Page " NR \
		    "</title></head><body><nav><a href=\"/\">Home</a> <a href=\"/about.html\">About</a> " \
		    "<a href=\"" url("doc" (NR + 1)) "\">Next</a> <a href=\"" url("doc" (NR * 7 % 100003)) \
		    "\">Related</a> <a href=\"https://elsewhere.example.org/" NR ".html\">Elsewhere</a></nav><article>"
		for (i = 1; i <= np; i++) b = b "<p>" para[i] "</p>\n"
		b = b "</article><footer>(c) the site</footer></body></html>\n"
		h = "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: " length(b) "\r\n\r\n" b
		printf "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: %s\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n", url($1), length(h), h
	}
	EOF
	mkdir "$tmp/shards"
	"$tools/gen" en "$docs" | awk -f "$tmp/vary.awk" | "$tools/nvgen" | awk -f "$tmp/warc.awk" \
	    > "$tmp/crawl.warc"
	size=$(stat -c %s "$tmp/crawl.warc")
	grep -abo "^WARC/1\.1"$'\r'"$" "$tmp/crawl.warc" | cut -d: -f1 |
	    awk -v n="$nsh" -v size="$size" '
		$1 >= k * size / n { print $1; k++ }
		END { print size }' > "$tmp/cuts"
	off=0
	for i in $(seq 0 $((nsh - 1))); do
		f=$(sed -n "$((i + 2))p" "$tmp/cuts")
		dd if="$tmp/crawl.warc" of="$tmp/shards/$(printf %02d "$i").warc" bs=1M \
		    iflag=skip_bytes,count_bytes skip="$off" count=$((f - off)) status=none
		off=$f
	done
	cat "$tmp"/shards/*.warc | cmp - "$tmp/crawl.warc"
	cp "$tmp/shards/00.warc" "$tmp/shards/$(printf %02d "$nsh").warc"
	cat "$tmp"/shards/*.warc > "$tmp/all.warc"
	rm "$tmp/crawl.warc"
	echo "cluster: $(grep -c 'WARC-Type: response' "$tmp/all.warc") pages" \
	    "($(grep -c 'WARC-Type: response' "$tmp/shards/00.warc") of them fetched twice)," \
	    "$(mb "$tmp/all.warc") MB of WARC in $((nsh + 1)) shards; $p partitions"

	# the baseline: the same programs and options as the tasks, one
	# process each, on one machine
	cat > "$tmp/one.sh" <<-'EOF'
	set -e
	cd "$1"
	htmltext --warc all.warc > docs.tsv
	sha256text -a docs.tsv > digests.tsv
	awk -F '\t' '$4 != ""' digests.tsv > texts.tsv
	seen --exact -f 3 texts.tsv > unique.tsv
	simhash -n 7 unique.tsv | cut -f 1,4 > fingerprints.tsv
	nearpairs -k 4 --distinct-versions fingerprints.tsv > pairs.tsv
	nearverify -d unique.tsv --clusters pairs.tsv > clusters.tsv
	awk -F '\t' '$1 == $2 { print $1 }' clusters.tsv > kept.txt
	htmllinks --warc all.warc > links.tsv
	cut -f 1 docs.tsv | urlnorm -q --extended-drops > fetched.txt
	urlnorm -q -f 2 --extended-drops links.tsv > links.norm.tsv
	rm -f frontier.seen
	seen --exact --state frontier.seen fetched.txt > /dev/null
	seen --exact --state frontier.seen -f 2 links.norm.tsv > frontier.tsv
	EOF
	export PATH="$bin:$PATH"
	# one_run: a baseline run; its CPU and wall time appended to base.t
	one_run() {
		/usr/bin/time -f '%U %S %e' -o "$tmp/.one" sh "$tmp/one.sh" "$tmp" >/dev/null
		awk '{ printf "%.3f %.3f\n", $1 + $2, $3 }' "$tmp/.one" >> "$tmp/base.t"
	}
	: > "$tmp/base.t"
	one_run
	printf '  %-20s %7.2f s cpu %7.2f s wall (a first run)\n' "one machine" \
	    $(cat "$tmp/base.t")
	printf '  peak memory: nearpairs %s MB, seen (digests) %s MB, nearverify %s MB\n' \
	    "$(peak_mb nearpairs -k 4 --distinct-versions "$tmp/fingerprints.tsv")" \
	    "$(peak_mb seen --exact -f 3 "$tmp/texts.tsv")" \
	    "$(peak_mb nearverify -d "$tmp/unique.tsv" --clusters "$tmp/pairs.tsv")"

	# the fixed cost of a task: the same tasks on shards of one page each
	mkdir "$tmp/tiny"
	for i in $(seq 0 "$nsh"); do
		"$tools/gen" en 1 | awk -f "$tmp/vary.awk" | awk -f "$tmp/warc.awk" > "$tmp/tiny/$i.warc"
	done
	work=$tmp/tiny/work
	WORK=$work P=$p sh "$cl/parallel.sh" "$tmp"/tiny/*.warc 2>/dev/null
	set -- "$work"/*/*/cost "$work/out/cost"
	ntasks=$#
	fixed=$(cat "$@" | awk -F '\t' '{ s += $2 } END { printf "%.2f", s / NR }')
	printf '  fixed cost of a task: %s s of CPU time (the mean of the %d tasks on shards of one page)\n' \
	    "$fixed" "$ntasks"
	rm -rf "$tmp/tiny"

	# the hosts
	# beside bench/run's scratch directory, under BENCH_TMP, not in it:
	# mktemp -d makes that 0700, and munged wants every directory above
	# its socket searchable by all
	tc=$(mktemp -d "${BENCH_TMP:-${TMPDIR:-/tmp}}/crawlutils-cluster.XXXXXX")
	trap 'sh "$cl/toycluster.sh" down "$tc"; rm -rf "$tc" "$tmp"' EXIT
	for _ in $(seq 50); do
		net=10.213.$((RANDOM % 250 + 2))
		ip -o addr | grep -q " $net\." || break
	done
	sh "$cl/toycluster.sh" up "$tc" 3 "$net"
	# shellcheck disable=SC1091
	. "$tc/env"
	# The rounds: baseline, cluster run, baseline, ... (see the top)
	: > "$tmp/base.t"
	: > "$tmp/runs.t"
	for _ in $(seq "$runs"); do
		for engine in slurm parallel; do
			for h in 1 2 3; do
				one_run
				work=$(mktemp -d "$tc/work.XXXXXX")
				if ! /usr/bin/time -f '%U %S %e' -o "$tmp/.drv" env WORK="$work" \
				    P=$p SBATCH_PARTITION="cu$h" \
				    HOSTS="$(echo "$CU_HOSTS" | cut -d, -f "1-$h")" \
				    SSH="$CU_SSH" sh "$cl/$engine.sh" "$tmp"/shards/*.warc \
				    > /dev/null 2> "$tmp/.log"; then
					cat "$tmp/.log" >&2
					return 1
				fi
				for f in clusters.tsv kept.txt frontier.tsv pairs.tsv; do
					cmp -s "$tmp/$f" "$work/out/$f" || {
						echo "  $engine, $h hosts: $f differs from the baseline's" >&2
						return 1
					}
				done
				# ENGINE HOSTS CPU WALL DRIVER TEXT SEEN KEYS PAIRS MERGE
				t=$(cat "$work"/*/*/cost "$work/out/cost" |
				    awk -F '\t' '{ s += $2 } END { printf "%.2f", s }')
				stages=$(for f in text seen keys pairs; do
					cat "$work/$f"/*/cost | awk -F '\t' '{ s += $2 } END { printf "%.2f ", s }'
				done; cut -f 2 "$work/out/cost")
				echo "$engine $h $t $(awk '{ printf "%.2f %.2f", $3, $1 + $2 }' \
				    "$tmp/.drv") $stages" >> "$tmp/runs.t"
				rm -rf "$work"
			done
		done
	done
	one_run
	base_c=$(awk '{ print $1 }' "$tmp/base.t" | med)
	base_w=$(awk '{ print $2 }' "$tmp/base.t" | med)
	printf '  %-20s %7.2f s cpu (%s) %7.2f s wall: the median of %d runs (their range)\n' \
	    "one machine" "$base_c" "$(awk '{ print $1 }' "$tmp/base.t" | range)" "$base_w" \
	    "$(wc -l < "$tmp/base.t")"
	echo "  (CPU: the sum over all tasks as a multiple of the mean of the baseline runs just before and after, the median of $runs runs and their range; CPU and wall: medians)"
	for engine in slurm parallel; do
		for h in 1 2 3; do
			# the ratios: run n's line of runs.t, baselines n and n + 1
			awk -v e="$engine" -v h="$h" '
				FILENAME == ARGV[1] { b[FNR] = $1; next }
				$1 == e && $2 == h { printf "%.4f\n", $3 / ((b[FNR] + b[FNR + 1]) / 2) }' \
			    "$tmp/base.t" "$tmp/runs.t" > "$tmp/.q"
			awk -v e="$engine" -v h="$h" '$1 == e && $2 == h' "$tmp/runs.t" > "$tmp/.r"
			printf '  %-20s %7.2f s cpu %7.2f s wall: %s x the CPU time (%s), %s x the wall time; driver %s s\n' \
			    "$engine, $h host$([ "$h" -eq 1 ] || echo s)" \
			    "$(awk '{ print $3 }' "$tmp/.r" | med)" "$(awk '{ print $4 }' "$tmp/.r" | med)" \
			    "$(med < "$tmp/.q")" "$(range < "$tmp/.q")" \
			    "$(awk '{ print $4 }' "$tmp/.r" | med | awk -v b="$base_w" '{ printf "%.2f", $1 / b }')" \
			    "$(awk '{ print $5 }' "$tmp/.r" | med)"
		done
	done
	printf '  the CPU time of the stages (medians of all cluster runs): text %s, seen %s, keys %s, pairs %s, merge %s s\n' \
	    "$(awk '{ print $6 }' "$tmp/runs.t" | med)" "$(awk '{ print $7 }' "$tmp/runs.t" | med)" \
	    "$(awk '{ print $8 }' "$tmp/runs.t" | med)" "$(awk '{ print $9 }' "$tmp/runs.t" | med)" \
	    "$(awk '{ print $10 }' "$tmp/runs.t" | med)"

	# the memory of a reduce task: one of P = 1 and of P = 4, run again
	for p in 1 4; do
		work=$tc/mem.$p
		WORK=$work P=$p sh "$cl/parallel.sh" "$tmp"/shards/*.warc 2>/dev/null
		mv "$work/pairs/0" "$work/pairs.0" && mv "$work/seen/0" "$work/seen.0"
		printf '  peak memory of a reduce task, P = %d: pairs %s MB, seen %s MB\n' "$p" \
		    "$(peak_mb sh "$cl/tasks.sh" "$work" pairs 0 2>/dev/null)" \
		    "$(peak_mb sh "$cl/tasks.sh" "$work" seen 0 2>/dev/null)"
		rm -rf "$work"
	done
	sh "$cl/toycluster.sh" down "$tc"
	rm -rf "$tc"
	trap 'rm -rf "$tmp"' EXIT

}
cluster_bench
