#!/bin/sh
# examples/dedup.sh's pipeline on hosts reached by ssh, with GNU parallel:
# the stages of tasks.sh one after another, the tasks of each spread over
# the hosts.
#
#	WORK=/shared/crawl/work P=64 HOSTS=8/host1,8/host2 sh parallel.sh SHARD...
#
# WORK (required) is a directory that every host sees at the same path, as
# are the shards and this directory; P (4 by default) the number of
# partitions; MAX_REJECTS (0) the rejected records a shard may have (see
# tasks.sh).  HOSTS is parallel's --sshlogin list, N/HOST for N tasks at
# once on HOST (":" alone, the default, is this machine without ssh); SSH
# the ssh command (default ssh; e.g. 'ssh -F cluster.conf').  The hosts
# need crawlutils on their PATH (or built beside this directory), GNU
# parallel needs perl there.  The result is in WORK/out/: pairs.tsv,
# clusters.tsv, kept.txt, frontier.tsv.
#
# A task that fails stops the run after the running ones have finished
# (--halt soon,fail=1): its messages, naming the shard, are on the
# standard error, each stage's jobs are listed in WORK/log/STAGE.joblog,
# and the status is 1.  Run it again with the same WORK and shards to
# resume: only the tasks without an output are run (and each task checks
# that again), so a finished task is never run twice.
set -eu
LC_ALL=C
export LC_ALL

here=$(cd "$(dirname "$0")" && pwd)
work=${WORK:?"parallel.sh: set WORK to a directory that every host sees"}
P=${P:-4}
hosts=${HOSTS:-:}
ssh=${SSH:-ssh}
case $work in /*) ;; *) work=$(pwd)/$work ;; esac
sh "$here/tasks.sh" "$work" init "$P" "$@"

for s in text seen keys pairs merge; do
	# the tasks of the stage not done yet, on the hosts
	sh "$here/tasks.sh" "$work" todo "$s" > "$work/log/$s.todo"
	if [ -s "$work/log/$s.todo" ]; then
		parallel -S "$hosts" --ssh "$ssh" --halt soon,fail=1 \
		    --joblog "+$work/log/$s.joblog" -a "$work/log/$s.todo" \
		    -q sh "$here/tasks.sh" "$work" "$s" {} || {
			echo "parallel.sh: stage $s failed (see above, and $work/log/$s.joblog);" \
			    "run again with the same WORK to resume" >&2
			exit 1
		}
	fi
	rm -f "$work/log/$s.todo"
done
echo "parallel.sh: done: $work/out" >&2
