#!/bin/sh
# examples/dedup.sh's pipeline on a Slurm cluster: the stages of tasks.sh
# as five jobs, each after the one before (sbatch --dependency=afterok),
# the per-shard and per-partition ones as job arrays.
#
#	WORK=/shared/crawl/work P=64 sh slurm.sh SHARD... 
#
# WORK (required) is a directory on the file system that every node
# mounts at the same path, as are the shards and this directory; P (4 by
# default) the number of partitions, the tasks of the stages seen and
# pairs; MAX_REJECTS (0) the rejected records a shard may have (see
# tasks.sh).  sbatch's own variables choose the rest: SBATCH_PARTITION,
# SBATCH_ACCOUNT, SBATCH_TIMELIMIT, ...  The result is in WORK/out/:
# pairs.tsv, clusters.tsv, kept.txt, frontier.tsv.  Each task's standard
# error goes to WORK/log/STAGE.INDEX (WORK/log/merge), appended to at
# each run.
#
# The script waits for the jobs (WAIT=0: it submits them and exits, the
# job IDs on the standard output), then says which tasks failed, with the
# end of their logs, and exits 1 if there is no WORK/out.  A failed task
# cancels the jobs after it (--kill-on-invalid-dep).  Run it again with
# the same WORK and shards to resume: it submits only the tasks whose
# output is missing (and each task checks that again), so a finished task
# is never run twice.  Each array index is a shard or a partition:
# Slurm's MaxArraySize (1001 by default) must exceed the number of
# shards and P.
set -eu
LC_ALL=C
export LC_ALL

here=$(cd "$(dirname "$0")" && pwd)
work=${WORK:?"slurm.sh: set WORK to a directory that every node sees"}
P=${P:-4}
case $work in /*) ;; *) work=$(pwd)/$work ;; esac
sh "$here/tasks.sh" "$work" init "$P" "$@"

# todo STAGE: the indices of STAGE's tasks not done yet, as sbatch --array
# wants them (0-3,5,7-9); nothing if there are none
todo() {
	sh "$here/tasks.sh" "$work" todo "$1" | awk '
		function flush() { if (a != "") out = out (out == "" ? "" : ",") (a == b ? a : a "-" b) }
		a != "" && $1 == b + 1 { b = $1; next }
		{ flush(); a = b = $1 }
		END { flush(); print out }'
}

# The job script: tasks.sh, with its path and WORK from the environment
# (sbatch passes it on), so that no path is quoted into a command line
CU_TASKS=$here/tasks.sh
CU_WORK=$work
export CU_TASKS CU_WORK
ids="" prev=""
# submit STAGE ARRAY: a job for the tasks ARRAY of STAGE, after the
# previous job; none when ARRAY is empty
submit() {
	[ -n "$2" ] || return 0
	if [ "$1" = merge ]; then
		set -- "$1" "" -o "$work/log/merge"
	else
		set -- "$1" "$2" --array="$2" -o "$work/log/$1.%a"
	fi
	s=$1
	shift 2
	id=$(sbatch --parsable -J "cu-$s" "$@" --open-mode=append \
	    ${prev:+--dependency=afterok:$prev --kill-on-invalid-dep=yes} \
	    --wrap "exec sh \"\$CU_TASKS\" \"\$CU_WORK\" $s")
	id=${id%%;*}
	echo "slurm.sh: $s: job $id" >&2
	ids="$ids${ids:+,}$id" prev=$id
}
for s in text seen keys pairs merge; do
	submit "$s" "$(todo "$s")"
done
if [ "${WAIT:-1}" = 0 ]; then
	echo "$ids"
	exit 0
fi

# Wait until none of the jobs is pending or running (sbatch --wait would
# say 0 of a job cancelled for its dependency, so the outputs tell)
while [ -n "$ids" ] && [ -n "$(squeue -h -j "$ids" -t PD,R,CG,CF,S -o %i 2>/dev/null)" ]; do
	sleep 1
done
if [ -d "$work/out" ]; then
	echo "slurm.sh: done: $work/out" >&2
	exit 0
fi
# the tasks that started (they have a log) and did not finish
for s in text seen keys pairs merge; do
	for k in $(sh "$here/tasks.sh" "$work" todo "$s"); do
		log=$work/log/$s.$k
		[ "$s" != merge ] || log=$work/log/merge
		[ -s "$log" ] || continue
		echo "slurm.sh: $s $k failed; the end of $log:" >&2
		tail -n 5 "$log" | sed 's/^/  /' >&2
	done
done
echo "slurm.sh: no result; run again with the same WORK to resume" >&2
exit 1
