# seen: write each record whose key was not seen before, with a Bloom
# filter or an exact set, kept across runs in a state file.
#
# Loading the bats libraries costs a fifth of a second a test, so related
# checks share a test.
bats_require_minimum_version 1.5.0
load helper

PROG=seen

# wait_for FILE LINE: wait (at most 10 s) until FILE holds the line LINE.
wait_for() {
	for _ in $(seq 200); do
		grep -qx -- "$2" "$1" 2>/dev/null && return 0
		sleep 0.05
	done
	fail "$1 never got the line '$2'"
}

# no_temp_files: no temporary state file was left behind.
no_temp_files() {
	run bash -c 'ls -a | grep -c "\.tmp-" || true'
	assert_output 0
}

# --- the filter -----------------------------------------------------------------

@test "seen: the first record of each key, in input order, byte for byte; both kinds" {
	printf 'a\tx\nb\ty\na\tz\n\nc\n\nb\n' > in
	for opts in "" "--exact" "-n 100 -p 0.001"; do
		# shellcheck disable=SC2086
		seen $opts in > out
		assert_bytes out 'a\tx\nb\ty\n\nc\n'
		# shellcheck disable=SC2086
		seen $opts -d in > out
		assert_bytes out 'a\tz\n\nb\n'
	done
	# -f picks the key; -f -1 counts from the end
	printf 'x\t1\ny\t2\nz\t1\n' | seen -f 2 > out
	assert_bytes out 'x\t1\ny\t2\n'
	printf 'a\t1\nb\t2\tx\nc\t1\n' | seen -f -1 > out
	assert_bytes out 'a\t1\nb\t2\tx\n'
	printf 'x\t1\nb\t2\t1\nc\t1\n' | seen --field=-1 > out
	assert_bytes out 'x\t1\n'
	# stdin, -, and files in order; a missing last LF, CRLF
	printf 'c\r\nd' > f2
	printf 'a\nc\n' | seen in - f2 > out
	assert_bytes out 'a\tx\nb\ty\n\nc\nd\n'
}

@test "seen: the key is the unescaped value: two spellings of one value are one key" {
	# C:\dir is C:\\dir; a backslash at the end stands for itself; \t
	# is a TAB, never the two bytes; NUL bytes and bad UTF-8 are bytes
	printf 'C:\\dir\t1\nC:\\\\dir\t2\nx\\\t3\nx\\\\\t4\na\\tb\t5\na\\\\tb\t6\nn\000\t7\nn\t8\nn\000\t9\n\xff\t10\n\xfe\t11\n\xff\t12\n' > in
	for opts in "" --exact; do
		# shellcheck disable=SC2086
		seen $opts in > out
		assert_bytes out 'C:\\dir\t1\nx\\\t3\na\\tb\t5\na\\\\tb\t6\nn\000\t7\nn\t8\n\xff\t10\n\xfe\t11\n'
	done
}

@test "seen: no false negatives: every repeat of 30000 keys is left out" {
	# each key three times: in order, shuffled in blocks, reversed
	seq -f 'https://example.com/%.0f' 1 30000 > keys
	{ cat keys; awk 'NR % 2 == 0' keys; awk 'NR % 2 == 1' keys; tac keys; } > in
	for opts in "" --exact "-n 1000 -p 0.5"; do
		# shellcheck disable=SC2086
		seen $opts in > out
		run bash -c "LC_ALL=C sort out | uniq -d | wc -l"
		assert_output 0
		# every record written is a first occurrence, in order
		run bash -c "head -n \$(wc -l < out) keys | cmp - out && echo same"
		[ "$opts" = "-n 1000 -p 0.5" ] || assert_output same
	done
	# a filter far too small drops new keys; --exact never does
	seen -q -n 1000 -p 0.5 in > out
	[ "$(wc -l < out)" -lt 29000 ]
	seen --exact in > out
	cmp keys out
}

@test "seen: -H: the header is written first, never a key; later files' headers dropped" {
	printf 'url\tn\na\t1\nurl\t2\na\t3\n' > f1
	printf 'url\tn\nb\t4\na\t5\n' > f2
	run seen -H f1 f2
	assert_success
	assert_output "$(printf 'url\tn\na\t1\nurl\t2\nb\t4')"
	run seen -H -d f1 f2
	assert_output "$(printf 'url\tn\na\t3\na\t5')"
}

@test "seen: a record without the key field is rejected; the run goes on" {
	printf 'a\t1\nb\nc\t2\nb\t1\n' > in
	run --separate-stderr seen -f 2 --rejects rej in
	assert_failure 1
	assert_output "$(printf 'a\t1\nc\t2')"
	assert_equal "$stderr" "seen: in:2: no field 2: the record has 1"
	assert_bytes rej 'b\n'
	run --separate-stderr seen -q -f 2 in
	assert_failure 1
	assert_equal "$stderr" ""
	# --max-record: the long record is rejected, not taken as a key
	printf 'abcdef\nab\nabcdef\n' > in
	run --separate-stderr seen --max-record 4 in
	assert_failure 1
	assert_output ab
	assert_equal "$stderr" "seen: in:1: record longer than 4 bytes (--max-record)
seen: in:3: record longer than 4 bytes (--max-record)"
}

@test "seen: -v: counts, the filter's size, fill and rate; the exact set's memory" {
	printf 'a\nb\na\nc\nb\nd\tx\n' > in
	run --separate-stderr seen -f 2 -n 10 -v in
	assert_failure 1
	assert_output "$(printf 'd\tx')"
	assert_equal "$stderr" "seen: in:1: no field 2: the record has 1
seen: in:2: no field 2: the record has 1
seen: in:3: no field 2: the record has 1
seen: in:4: no field 2: the record has 1
seen: in:5: no field 2: the record has 1
seen: records: 6 read, 1 written, 5 rejected
seen: keys: 1 read, 1 new, 0 seen before
seen: Bloom filter: 128 bits (16 bytes), 7 probes, 1 keys of the 10 it was sized for, fill 0.0547, false-positive rate now 1.46e-09"
	run --separate-stderr seen -n 10 -v in
	assert_success
	assert_equal "$stderr" "seen: records: 6 read, 4 written, 0 rejected
seen: keys: 6 read, 4 new, 2 seen before
seen: Bloom filter: 128 bits (16 bytes), 7 probes, 4 keys of the 10 it was sized for, fill 0.203, false-positive rate now 1.43e-05"
	# the default: 10M keys at 1% in 11.4 MiB; -n takes k, M, G as 10^3...
	run --separate-stderr seen -v < /dev/null
	assert_equal "${stderr##*Bloom filter: }" "95850624 bits (11.4 MiB), 7 probes, 0 keys of the 10000000 it was sized for, fill 0, false-positive rate now 0"
	run --separate-stderr seen -v -n 1k -p 0.001 < /dev/null
	assert_equal "${stderr##*Bloom filter: }" "14400 bits (1.8 KiB), 10 probes, 0 keys of the 1000 it was sized for, fill 0, false-positive rate now 0"
	run --separate-stderr seen -v --capacity=2M --fp-rate=0.01 < /dev/null
	assert_equal "${stderr##*Bloom filter: }" "19170176 bits (2.3 MiB), 7 probes, 0 keys of the 2000000 it was sized for, fill 0, false-positive rate now 0"
	run --separate-stderr seen --exact -v in
	assert_success
	assert_regex "$stderr" "seen: keys: 6 read, 4 new, 2 seen before
seen: exact set: 4 keys in [0-9.]+ KiB, [0-9.]+ bytes a key\$"
}

@test "seen: past its capacity the filter warns once, and -v says so again" {
	seq 1 30 > in
	run --separate-stderr seen -n 10 in
	assert_success
	assert_equal "$stderr" "seen: in:11: the filter holds more keys than the 10 it was sized for (-n): its false-positive rate is now above 0.01"
	run --separate-stderr seen -q -v -n 10 in
	assert_success
	assert_regex "$stderr" "^seen: in:11: the filter holds more keys than the 10 .*
seen: Bloom filter: 128 bits \(16 bytes\), 7 probes, [0-9]+ keys of the 10 it was sized for, fill .*: over capacity, above the rate asked for\$"
	# a state file already past its capacity says so when it is read
	seen -q -n 10 --state s < in > /dev/null
	run --separate-stderr seen --state s < /dev/null
	assert_success
	assert_regex "$stderr" "^seen: s: the filter holds more keys than the 10 it was sized for"
}

# --- state files ----------------------------------------------------------------

@test "seen: --state: the keys of one run are left out by the next; -d reads it unchanged" {
	printf 'a\nb\na\n' | seen -n 100 --state s > out
	assert_bytes out 'a\nb\n'
	assert_file_exists s
	printf 'b\nc\na\nd\nc\n' | seen --state s > out
	assert_bytes out 'c\nd\n'
	cp s s.before
	# -d: the records seen before, in the file or in this input; the
	# file is not changed, and no lock file is needed for it
	rm s.lock
	printf 'e\nc\nx\ne\n' | seen -d --state s > out
	assert_bytes out 'c\ne\n'
	cmp s s.before
	assert_file_not_exists s.lock
	# a run that adds nothing leaves the file as it was
	printf 'a\nd\n' | seen --state s > out
	assert_bytes out ''
	cmp s s.before
	# an empty input still makes the state file, with its sizing
	seen -n 1k --state new < /dev/null
	[ "$(stat -c %s new)" -eq $((64 + 9600 / 8)) ]
	# --exact keeps its state too, and is then used without --exact
	printf 'a\nb\n' | seen --exact --state e > out
	printf 'b\nc\n' | seen --state e > out
	assert_bytes out 'c\n'
	printf 'c\nd\n' | seen --exact --state e > out
	assert_bytes out 'd\n'
	no_temp_files
}

@test "seen: --state files are pinned: the same keys make the same bytes on every machine" {
	# format, hash, probe positions and byte order, all in one digest
	printf 'a\nb\nc\n' | seen -n 10 --state s > /dev/null
	run sha256sum s
	assert_output "7555c4faafe14221fbf1aad32fdae8f4e5a367298d3ce4cb7105ee2b3ffb2132  s"
	printf 'one\nt\\two\n\nx\\\\y\n' | seen --exact --state e > /dev/null
	run sha256sum e
	assert_output "b5eecec41dc445a460adbefd95e47cf2325c5a190e2ebfd5214c260033067d58  e"
	# the exact set's payload: each key's length, then its bytes
	run bash -c "tail -c +65 e | od -An -c | tr -s ' '"
	assert_output " 003 o n e 004 t \t w o \0 003 x \\ y"
	# the header: magic, version 1, kind 1, hash 1, k 7, m 128, n 10
	run bash -c "head -c 40 s | od -An -tx1 | tr -d ' \n'"
	assert_output "897365656e0d0a1a0100000001000000010000000700000080000000000000000a00000000000000"
}

@test "seen: -n and -p that disagree with the state file, or the other kind, are errors" {
	printf 'a\n' | seen -n 1k -p 0.001 --state s > /dev/null
	printf 'a\n' | seen --exact --state e > /dev/null
	cp s s.before
	cp e e.before
	# the same sizing, however written, is fine
	run seen -n 1000 -p 1e-3 --state s < /dev/null
	assert_success
	run seen -n 1k --state s < /dev/null
	assert_success
	run bash -c 'for opts in "-n 2k" "-p 0.01" "-n 1k -p 0.0011" "--exact"; do
		echo x | seen $opts --state s; echo "status $?"; done 2>&1'
	assert_output "seen: s: the filter was sized for -n 1000, not 2000: leave out -n and -p to use it as it is
status 2
seen: s: the filter was sized for -p 0.001, not 0.01: leave out -n and -p to use it as it is
status 2
seen: s: the filter was sized for -p 0.001, not 0.0011: leave out -n and -p to use it as it is
status 2
seen: s: holds a Bloom filter, not an exact set: leave out --exact, or name another state file
status 2"
	run --separate-stderr seen -p 0.01 --state e < /dev/null
	assert_failure 2
	assert_equal "$stderr" "seen: e: holds an exact set, which has no false-positive rate: leave out -p"
	# -n with an exact set only sizes its table
	run seen -n 5 --state e < /dev/null
	assert_success
	cmp s s.before
	cmp e e.before
}

@test "seen: a state file that is not one, damaged or of another version: status 2, file untouched" {
	printf 'a\nb\nc\n' | seen -n 10 --state good > /dev/null
	printf 'x\n' | seen --exact --state exact > /dev/null
	size=$(stat -c %s good)
	printf 'https://example.com/\n' > notstate
	: > empty
	head -c 70 good > truncated
	{ cat good; printf 'x'; } > longer
	cp good flipped
	printf '\001' | dd of=flipped bs=1 seek=70 conv=notrunc 2>/dev/null
	cp good version2
	printf '\002' | dd of=version2 bs=1 seek=8 conv=notrunc 2>/dev/null
	cp exact exactbad
	printf '\005' | dd of=exactbad bs=1 seek=64 conv=notrunc 2>/dev/null
	mkdir dir
	for f in notstate empty truncated longer flipped version2 exactbad dir; do
		[ -d "$f" ] || cp "$f" "$f.before"
	done
	run bash -c 'for f in notstate empty truncated longer flipped version2 exactbad dir; do
		printf "new\n" | seen --state $f; echo "status $?"; done 2>&1'
	assert_output "seen: notstate: not a seen state file
status 2
seen: empty: empty: not a seen state file
status 2
seen: truncated: truncated: 70 bytes, where the header says $size
status 2
seen: longer: bytes after the end of the state: 1
status 2
seen: flipped: damaged: its checksum does not match
status 2
seen: version2: a state file of version 2; this seen reads version 1
status 2
seen: exactbad: damaged: its checksum does not match
status 2
seen: dir: not a regular file
status 2"
	for f in notstate empty truncated longer flipped version2 exactbad; do
		cmp "$f" "$f.before"
	done
	# -d needs a state file that exists
	run --separate-stderr seen -d --state missing < /dev/null
	assert_failure 2
	assert_equal "$stderr" "seen: missing: No such file or directory"
	assert_file_not_exists missing
	no_temp_files
}

@test "seen: the state file keeps its mode, and a symbolic link to it stays a link" {
	printf 'a\n' | seen -n 10 --state s > /dev/null
	chmod 640 s
	printf 'b\n' | seen --state s > /dev/null
	run stat -c %a s
	assert_output 640
	mkdir real
	printf 'a\n' | seen -n 10 --state real/s > /dev/null
	ln -s real/s link
	printf 'a\nb\n' | seen --state link > out
	assert_bytes out 'b\n'
	[ -L link ]
	printf 'a\nb\nc\n' | seen --state real/s > out
	assert_bytes out 'c\n'
	# the lock is next to the file itself
	assert_file_exists real/s.lock
	assert_file_not_exists link.lock
}

@test "seen: SIGKILL in mid-stream leaves the old state file intact and usable" {
	printf 'a\nb\n' | seen -n 100 --state s > /dev/null
	cp s s.before
	mkfifo in
	seen --state s --line-buffered < in > out 2>&1 3>&- &
	pid=$!
	exec 4> in
	printf 'c\nd\n' >&4
	wait_for out d
	kill -KILL "$pid"
	wait "$pid" || true
	exec 4>&-
	cmp s s.before
	no_temp_files
	# the killed run's keys were never saved: they are new again
	printf 'a\nc\nd\nb\n' | seen --state s > out
	assert_bytes out 'c\nd\n'
}

@test "seen: two runs on one state file take turns; --no-wait fails at once" {
	mkfifo in
	seen -n 100 --state s --line-buffered < in > out1 2> err1 3>&- &
	first=$!
	exec 4> in
	printf 'x\n' >&4
	wait_for out1 x
	# the first run holds the lock
	run --separate-stderr seen --no-wait --state s < /dev/null
	assert_failure 2
	assert_equal "$stderr" "seen: s: in use by another run (--no-wait)"
	# a second run waits for it, then sees its keys
	printf 'x\ny\n' > in2
	seen -v --state s < in2 > out2 2> err2 3>&- 4>&- &
	second=$!
	sleep 0.5
	kill -0 "$second"
	[ ! -s out2 ]
	printf 'y\n' >&4
	exec 4>&-
	wait "$first"
	wait "$second"
	assert_bytes out1 'x\ny\n'
	# y came first in the first run: the second one writes nothing
	assert_bytes out2 ''
	run head -1 err2
	assert_output "seen: s: waiting for another run to finish"
	printf 'x\ny\nz\n' | seen --state s > out
	assert_bytes out 'z\n'
}

@test "seen: a state file that cannot be saved is left as it was: status 2, no temporary file" {
	printf 'a\n' | seen -n 1000 --state s > /dev/null
	cp s s.before
	# a file size limit of 1 KB makes writing the 1.3 KB state fail
	run --separate-stderr bash -c 'trap "" XFSZ; ulimit -f 1; printf "b\nc\n" | seen --state s'
	assert_failure 2
	assert_output "$(printf 'b\nc')"
	assert_equal "$stderr" "seen: s: not saved, the file is unchanged: write: File too large"
	cmp s s.before
	no_temp_files
}

@test "seen: output that fails or a reader that goes away: the state is not saved" {
	printf 'a\n' | seen -n 100k --state s > /dev/null
	cp s s.before
	run --separate-stderr bash -c 'printf "b\n" | seen --state s > /dev/full'
	assert_failure 2
	assert_equal "$stderr" "seen: write error: No space left on device"
	cmp s s.before
	run bash -c 'seq 1 200000 | seen --state s | head -1; echo "${PIPESTATUS[1]}"'
	assert_output "1
141"
	cmp s s.before
	no_temp_files
	# with nothing wrong, the keys are saved
	printf 'b\n' | seen --state s > /dev/null
	run cmp -s s s.before
	assert_failure
}

# --- options ---------------------------------------------------------------------

@test "seen: --help and --version" {
	run --separate-stderr seen --help
	assert_success
	assert_line --index 0 "Usage: seen [-d] [-f N] [-n COUNT] [-p RATE] [--exact]"
	for opt in --field --capacity --fp-rate --exact --state --no-wait --duplicates \
	    --header --quiet --verbose --rejects --max-record --line-buffered; do
		assert_output --partial -- "$opt"
	done
	run seen -h
	assert_success
	run seen --version
	assert_success
	assert_line --index 0 "seen (crawlutils) 0.1.0"
	assert_line --partial xxHash
}

@test "seen: usage errors: bad -n, -p and -f; -p with --exact; --no-wait without --state" {
	count="is not a count from 1 to 1000000000000 (k, M and G stand for 10^3, 10^6 and 10^9)"
	rate="is not a rate from 1e-12 to 0.5"
	field="is not a field number (1 is the first, -1 the last)"
	# OPTIONS|MESSAGE
	cases=(
	    "-n 0|-n: '0' $count" "-n x|-n: 'x' $count" "-n 1.5M|-n: '1.5M' $count"
	    "-n 1001G|-n: '1001G' $count" "-n -1|-n: '-1' $count"
	    "-p 0|-p: '0' $rate" "-p 1|-p: '1' $rate" "-p 0.6|-p: '0.6' $rate"
	    "-p x|-p: 'x' $rate" "-p 1e-13|-p: '1e-13' $rate"
	    "-p 0.01x|-p: '0.01x' $rate" "-p -0.1|-p: '-0.1' $rate"
	    "-f 0|-f: '0' $field" "-f x|-f: 'x' $field"
	    "--exact -p 0.01|-p does not apply to --exact, which has no false positives"
	    "--no-wait|--no-wait works only with --state"
	    "--state=|--state: the file name is empty"
	)
	want=""
	for c in "${cases[@]}"; do
		# shellcheck disable=SC2086
		run --separate-stderr seen ${c%%|*} < /dev/null
		want+="seen ${c%%|*}: status 2: seen: ${c#*|}
Try 'seen --help' for more information.
"
		got+="seen ${c%%|*}: status $status: $stderr
"
		assert_output ''
	done
	assert_equal "$got" "$want"
	run --separate-stderr seen --bogus
	assert_failure 2
	assert_equal "$stderr" "seen: unrecognized option '--bogus'
Try 'seen --help' for more information."
}

# --- the false-positive rate ------------------------------------------------------

# fp_check (tests/seen-fp.bash): the false positives of a run filling a
# filter, and of a run querying it, against the formula.
load seen-fp

@test "seen: false positives at p = 0.01 on 10^5 keys are as many as the formula says" {
	fp_check 100000 0.01 958528 7 0.2
}
