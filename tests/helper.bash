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
