#!/bin/sh
# Make sure what a make target needs is installed.  Usage: deps.sh build|test|lint|bench|fuzz|cluster
# A missing Debian package is installed when we run as root or can use sudo
# without a password; otherwise we stop and print the exact command to run.
set -eu

build_pkgs="build-essential pkg-config libxml2-dev libssl-dev libicu-dev libxxhash-dev
	    libjson-c-dev libcld2-dev libpsl-dev publicsuffix"
test_pkgs="bats bats-support bats-assert bats-file mandoc jq python3 cmark-gfm"
bench_pkgs="openssl time nodejs jq"
# the engines of examples/cluster/ and the hosts that make check-cluster
# and make bench BENCH=cluster make for them (not the programs' own)
cluster_pkgs="slurmctld slurmd slurm-client munge openssh-server openssh-client parallel iproute2"
# clang, and libFuzzer's runtime (Debian 12 ships it in libclang-rt-14-dev)
fuzz_pkgs="clang libclang-rt-dev"
# compressed WARC files and HTTP payloads; zstd makes test files, wget
# crawls a test site that node serves, npm installs warcio into build/
build_pkgs="$build_pkgs zlib1g-dev libzstd-dev libbrotli-dev"
test_pkgs="$test_pkgs zstd wget"

missing=""
need() {	# need PACKAGE TEST-COMMAND...
	pkg=$1; shift
	"$@" >/dev/null 2>&1 || missing="$missing $pkg"
}

check_build() {
	need build-essential command -v cc
	need build-essential command -v make
	need pkg-config command -v pkg-config
	need zlib1g-dev pkg-config --exists zlib
	need libzstd-dev pkg-config --exists libzstd
	need libbrotli-dev pkg-config --exists libbrotlidec
	need libxml2-dev pkg-config --exists libxml-2.0
	need libssl-dev pkg-config --exists libcrypto
	need libicu-dev pkg-config --exists icu-uc icu-i18n
	need libxxhash-dev pkg-config --exists libxxhash
	need libjson-c-dev pkg-config --exists json-c
	need libcld2-dev test -f /usr/include/cld2/public/compact_lang_det.h
	need libpsl-dev pkg-config --exists libpsl
	# the list urlnorm reads by default (common/pubsuffix.h)
	need publicsuffix test -f /usr/share/publicsuffix/public_suffix_list.dafsa
}
check_test() {
	need bats command -v bats
	need bats-support test -f /usr/lib/bats/bats-support/load.bash
	need bats-assert test -f /usr/lib/bats/bats-assert/load.bash
	need bats-file test -f /usr/lib/bats/bats-file/load.bash
	need mandoc command -v mandoc
	need jq command -v jq
	need python3 command -v python3
	need cmark-gfm command -v cmark-gfm
	need zstd command -v zstd
	need wget command -v wget
	need nodejs command -v node
	need npm command -v npm
}
check_bench() {
	need openssl command -v openssl
	need time test -x /usr/bin/time
	need nodejs command -v node
	need jq command -v jq
}
check_cluster() {
	need slurmctld command -v slurmctld
	need slurmd command -v slurmd
	need slurm-client command -v sbatch
	need munge command -v munged
	need openssh-server test -x /usr/sbin/sshd
	need openssh-client command -v ssh
	need parallel command -v parallel
	need iproute2 command -v ip
}
check_fuzz() {
	need clang command -v clang
	need libclang-rt-dev sh -c 'echo "int LLVMFuzzerTestOneInput(const
	    unsigned char *d, unsigned long n) { return d[0] == n; }" |
	    clang -fsanitize=fuzzer,address,undefined -x c -o /dev/null -'
}

case ${1:-build} in
build)	check_build; all=$build_pkgs ;;
test)	check_build; check_test; all="$build_pkgs $test_pkgs" ;;
lint)	need mandoc command -v mandoc; all=mandoc ;;
bench)	check_build; check_bench; all="$build_pkgs $bench_pkgs" ;;
fuzz)	check_build; check_fuzz; all="$build_pkgs $fuzz_pkgs" ;;
cluster) check_build; check_test; check_cluster
	all="$build_pkgs $test_pkgs $cluster_pkgs" ;;
*)	echo "deps.sh: unknown set '$1'" >&2; exit 2 ;;
esac
[ -z "$missing" ] && exit 0
# Node and npm only when missing: a machine may have them from elsewhere
# (NodeSource), whose nodejs conflicts with Debian's npm.
case " $missing " in
*" nodejs "*|*" npm "*) all="$all nodejs npm" ;;
esac

# Install the whole set: cheap when most is present, and it avoids
# a second round trip when one check hid another.
cmd="apt-get update && apt-get install -y $all"
if [ "$(id -u)" -eq 0 ]; then
	sudo=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	sudo="sudo "
else
	echo "crawlutils: missing:$missing" >&2
	echo "crawlutils: run as root:  $cmd" >&2
	exit 1
fi
command -v apt-get >/dev/null 2>&1 || {
	echo "crawlutils: missing:$missing (and no apt-get: install them by hand)" >&2
	exit 1
}
echo "crawlutils: installing:$missing" >&2
${sudo}apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive ${sudo}apt-get install -y -qq $all >&2
