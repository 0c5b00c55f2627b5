# Shared set-up for the bats files: load the bats libraries Debian installs
# under /usr/lib/bats, and a scratch directory per test.
bats_load_library bats-support
bats_load_library bats-assert
bats_load_library bats-file

: "${CRAWLUTILS_BIN:=$BATS_TEST_DIRNAME/../build/bin}"
PATH="$CRAWLUTILS_BIN:$PATH"
DATA="$BATS_TEST_DIRNAME/data"

setup() {
	cd "$BATS_TEST_TMPDIR" || return 1
}

# sha256 of the bytes printf makes of its arguments, for comparisons
sha() {
	printf "$@" | sha256sum | cut -d' ' -f1
}

# assert_bytes FILE FORMAT [ARG...]: FILE holds exactly what printf makes.
assert_bytes() {
	local file=$1
	shift
	# shellcheck disable=SC2059
	printf "$@" > "$BATS_TEST_TMPDIR/.want"
	cmp -s "$BATS_TEST_TMPDIR/.want" "$file" ||
		fail "$(echo "$file: want"; od -c "$BATS_TEST_TMPDIR/.want" | head -20;
		    echo got; od -c "$file" | head -20)"
}

# The run failed as a usage error of $PROG that says $1; nothing on stdout.
assert_usage_error() {
	assert_failure 2
	assert_output ''
	assert_equal "$stderr" "$PROG: $1
Try '$PROG --help' for more information."
}

# plain FILE: htmltext --plain FILE succeeds quietly; its output in $output
plain() {
	run --separate-stderr htmltext --plain "$@"
	assert_success
	assert_equal "$stderr" ""
}
