#!/bin/sh
# nearpairs as a map/reduce job on one machine or many, with GNU parallel.
#
#   nearpairs-mapreduce.sh [FILE...] > pairs.tsv
#
# The same pairs, in the same order, as `nearpairs FILE...`:
#   map      nearpairs --emit-keys: one KEY TAB RECORD TAB ID TAB FP record
#            a table for each input record; each block of input is a task,
#            numbered by --part in input order, so RECORD orders the records
#   shuffle  --shard sends every record of a KEY to the same reduce task,
#            which sorts its share (any sort that groups equal keys does)
#   reduce   nearpairs --from-keys: the pairs of each bucket, as
#            RECORD1 TAB RECORD2 TAB ID1 TAB ID2 TAB DISTANCE
#   final    sort -u puts the pairs in record order and drops repeats
#            (a reducer writes a pair only from the first table in which
#            the two agree, so there are none unless a task ran twice);
#            cut leaves ID1 TAB ID2 TAB DISTANCE
#
# NEARPAIRS_OPTS holds options for both steps (they must agree on -k,
# --tables and --keep-empty; --distinct-versions matters to the reduce),
# NEARPAIRS_JOBS the number of reduce tasks, NEARPAIRS_BLOCK the size of a
# map task's input.  Add --sshlogin to both parallel commands to spread
# the tasks over machines (see parallel(1)).
#
# Hadoop Streaming would run the same steps (untested: there is no Hadoop
# here; the mapper and reducer read stdin and write stdout; the shuffle
# sorts by the key, the text up to the first TAB, in byte order):
#
#   cat > map.sh <<'END'
#   #!/bin/sh
#   exec ./nearpairs --emit-keys -k 3 --part "$mapreduce_task_partition"
#   END
#   hadoop jar "$HADOOP_HOME"/share/hadoop/tools/lib/hadoop-streaming-*.jar \
#       -D mapreduce.job.reduces=64 \
#       -files nearpairs,map.sh \
#       -input fingerprints/ -output nearpairs-raw/ \
#       -mapper map.sh -reducer './nearpairs --from-keys -k 3'
#   hadoop fs -cat 'nearpairs-raw/part-*' | LC_ALL=C sort -u | cut -f 3- > pairs.tsv
#
# (--part takes the map task's number; records are then ordered by task
# and by line within a task's split, which is an order of the input, if
# not the order of the files.)
set -eu
export LC_ALL=C
opts=${NEARPAIRS_OPTS:-}
jobs=${NEARPAIRS_JOBS:-4}
block=${NEARPAIRS_BLOCK:-64M}

# shellcheck disable=SC2086
cat -- "$@" |
    parallel --pipe --block "$block" --keep-order \
	nearpairs --emit-keys $opts --part '{#}' |
    parallel --pipe --shard 1 --colsep '\t' -j "$jobs" \
	"sort | nearpairs --from-keys $opts" |
    sort -u | cut -f 3-
