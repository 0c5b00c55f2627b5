# make install, installcheck and uninstall into a scratch DESTDIR: the
# installed copies work (mk/installcheck.sh), and uninstall leaves no file
# behind.  The programs under test are installed (O is their build
# directory), so no build happens here.
bats_require_minimum_version 1.5.0
load helper

TOP="$BATS_TEST_DIRNAME/.."

# mk TARGET...: make in the source tree, not part of an outer make's jobs
mk() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$TOP" --no-print-directory \
	    O="$(cd "$CRAWLUTILS_BIN/.." && pwd)" DESTDIR="$BATS_TEST_TMPDIR/root" \
	    PREFIX=/opt/cu "$@"
}

@test "install: programs, manual pages, completion; installcheck passes; uninstall removes every file" {
	command -v make >/dev/null || skip "no make"
	run mk install
	assert_success
	root=$BATS_TEST_TMPDIR/root/opt/cu
	progs=$(cd "$TOP/cmd" && ls ./*.c | sed 's|^\./||; s/\.c$//')
	for p in $progs; do
		assert_file_executable "$root/bin/$p"
		assert_file_exist "$root/share/man/man1/$p.1"
		assert_link_exist "$root/share/bash-completion/completions/$p"
		assert_equal "$(readlink "$root/share/bash-completion/completions/$p")" crawlutils
	done
	assert_file_exist "$root/share/man/man7/crawlutils.7"
	cmp "$TOP/completion/crawlutils.bash" "$root/share/bash-completion/completions/crawlutils"
	nfiles=$(find "$BATS_TEST_TMPDIR/root" ! -type d | wc -l)
	nprogs=$(echo "$progs" | wc -l)
	# each program, its page and its link; crawlutils.7; the completion file
	assert_equal "$nfiles" "$((3 * nprogs + 2))"
	run mk installcheck
	assert_success
	assert_output "installcheck: $nprogs programs, manual pages and completion in place and working"
	# a broken copy is found
	printf '#!/bin/sh\necho broken\n' > "$root/bin/simhash"
	run mk installcheck
	assert_failure
	assert_output --partial "installcheck: simhash --version: 'broken'"
	run mk uninstall
	assert_success
	run find "$BATS_TEST_TMPDIR/root" ! -type d
	assert_output ''
}
