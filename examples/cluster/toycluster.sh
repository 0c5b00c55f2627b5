#!/bin/sh
# A cluster of a few hosts on this one machine, to try slurm.sh and
# parallel.sh on (and to test them: tests/cluster.bats, bench/cluster.sh).
#
#	sh toycluster.sh up DIR [HOSTS [NET]]
#	. DIR/env	# SLURM_CONF, CU_HOSTS, CU_SSH for the commands below
#	sh toycluster.sh down DIR
#
# Needs root, ip(8) with network namespaces, and Debian's openssh-server,
# munge, slurmctld, slurmd and slurm-client.  Each host cu-h1 ... cu-hHOSTS
# (3 by default) is a network namespace with its own address, NET.11,
# NET.12, ... (NET the first three numbers of a private /24, 10.213.7 by
# default: choose one that this machine does not use), joined to the
# others and to this machine (NET.1) by a bridge, cu-br.  The hosts share
# the file system, as the hosts of a cluster share an NFS mount, and the
# process table, but not the network: a job or a login on cu-h2 has the
# address NET.12 and no other.  On each host run
#   sshd     with a host key and an authorized key made here, for ssh -F
#            DIR/ssh/config (which parallel.sh's SSH takes)
#   slurmd   as the node of its name (-N), the first host also running
#            slurmctld; one munged, with a key made here, serves them all
#            through its socket in DIR (a Unix socket on the shared file
#            system, so every namespace reaches it).
# The Slurm partition cuK holds the first K hosts (cu1 is cu-h1 alone;
# the last, all the hosts, is the default); each node runs one job at a
# time, as parallel.sh's CU_HOSTS, 1/cu-h1,1/cu-h2,..., asks of ssh.
#
# Every file, configuration, key, log and PID file is under DIR (an
# absolute path, made by the caller, e.g. with mktemp -d in /tmp: munged
# wants the directories above its socket searchable by all); no system
# configuration is read or changed.  The one thing made outside DIR is
# /run/sshd, sshd's privilege separation directory, when it is missing;
# down removes it again.  down stops the daemons by the PIDs in their
# files, then anything still running in the hosts' namespaces, and
# deletes the namespaces and the bridge; it may be run at any point, and
# twice.  A login gets SHLVL=1, so that bash takes it for a shell
# started by another and does not read ~/.bashrc, which can take seconds
# (a pyenv set-up) on each of the many short tasks.  slurmd and sshd enter a namespace with nsenter --net, not with
# ip netns exec, which would also give them a /sys without cgroups, and
# slurmd 22.05 refuses to start without them.
set -eu
LC_ALL=C
export LC_ALL

usage() {
	echo "usage: toycluster.sh up DIR [HOSTS [NET]] | down DIR" >&2
	exit 2
}
[ $# -ge 2 ] || usage
cmd=$1 dir=$2
case $dir in /*) ;; *) echo "toycluster.sh: $dir: not an absolute path" >&2; exit 2 ;; esac
[ -d "$dir" ] || { echo "toycluster.sh: $dir: not a directory" >&2; exit 2; }

# stop PIDFILE...: TERM each process named in a PID file, wait up to 5 s,
# then KILL what is left
stop() {
	pids=""
	for f; do
		[ -s "$f" ] && pids="$pids $(cat "$f")"
		rm -f "$f"
	done
	[ -n "$pids" ] || return 0
	# shellcheck disable=SC2086
	kill $pids 2>/dev/null || true
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		alive=""
		for p in $pids; do kill -0 "$p" 2>/dev/null && alive="$alive $p"; done
		[ -n "$alive" ] || return 0
		sleep 0.5
	done
	# shellcheck disable=SC2086
	kill -9 $alive 2>/dev/null || true
}

down() {
	n=$(cat "$dir/hosts" 2>/dev/null || echo 0)
	stop "$dir"/slurm/slurmd-*.pid "$dir/slurm/slurmctld.pid" "$dir"/ssh/sshd-*.pid
	stop "$dir/munge/munged.pid"	# the last: slurm's daemons use it to the end
	i=1
	while [ "$i" -le "$n" ]; do
		if [ -e "/run/netns/cu-h$i" ]; then
			# jobs, logins and whatever they left behind, on this host only
			pids=$(ip netns pids "cu-h$i" 2>/dev/null || true)
			# shellcheck disable=SC2086
			[ -z "$pids" ] || kill -9 $pids 2>/dev/null || true
			ip netns del "cu-h$i"
		fi
		i=$((i + 1))
	done
	if [ -e "$dir/bridge" ]; then
		ip link del cu-br 2>/dev/null || true
		rm -f "$dir/bridge"
	fi
	if [ -e "$dir/run-sshd" ]; then
		rmdir /run/sshd 2>/dev/null || true
		rm -f "$dir/run-sshd"
	fi
	rm -f "$dir/hosts"
}

# wait_for SECONDS WHAT COMMAND...: until COMMAND succeeds
wait_for() {
	t=$(($1 * 4)) what=$2
	shift 2
	until "$@" >/dev/null 2>&1; do
		t=$((t - 1))
		[ "$t" -gt 0 ] || { echo "toycluster.sh: $what: timed out" >&2; return 1; }
		sleep 0.25
	done
}

up() {
	n=${1:-3} net=${2:-10.213.7}
	case $n in [1-9]) ;; *) echo "toycluster.sh: HOSTS must be 1 to 9" >&2; exit 2 ;; esac
	[ "$(id -u)" -eq 0 ] || { echo "toycluster.sh: needs root" >&2; exit 2; }
	for p in ip nsenter ssh ssh-keygen /usr/sbin/sshd munged mungekey slurmctld slurmd sbatch sinfo; do
		command -v "$p" >/dev/null 2>&1 || { echo "toycluster.sh: $p not found" >&2; exit 2; }
	done
	if ip -o addr | grep -q " $net\."; then
		echo "toycluster.sh: $net.0/24 is in use on this machine: choose another NET" >&2
		exit 2
	fi
	for i in $(seq "$n"); do
		if [ -e "/run/netns/cu-h$i" ]; then
			echo "toycluster.sh: network namespace cu-h$i exists (another toy cluster?)" >&2
			exit 2
		fi
	done
	if ip link show cu-br >/dev/null 2>&1; then
		echo "toycluster.sh: the bridge cu-br exists (another toy cluster?)" >&2
		exit 2
	fi
	# munged wants every directory up to its socket searchable by all
	chmod 755 "$dir"
	d=$(dirname "$dir")
	while :; do
		m=$(stat -c %a "$d")
		[ $((0$m & 1)) -eq 1 ] || {
			echo "toycluster.sh: $d: not searchable by all, as munged needs: choose DIR elsewhere" >&2
			exit 2
		}
		[ "$d" != / ] || break
		d=$(dirname "$d")
	done
	mkdir -p "$dir/slurm/state" "$dir/munge" "$dir/ssh"
	chmod 700 "$dir/ssh"
	echo "$n" > "$dir/hosts"

	# the network: a bridge on this machine, a veth pair a host
	ip link add cu-br type bridge
	: > "$dir/bridge"
	ip addr add "$net.1/24" dev cu-br
	ip link set cu-br up
	for i in $(seq "$n"); do
		ip netns add "cu-h$i"
		ip link add "cu-h${i}v" type veth peer name eth0 netns "cu-h$i"
		ip link set "cu-h${i}v" master cu-br
		ip link set "cu-h${i}v" up
		ip -n "cu-h$i" addr add "$net.1$i/24" dev eth0
		ip -n "cu-h$i" link set eth0 up
		ip -n "cu-h$i" link set lo up
	done

	# munge: one daemon, its own key
	mungekey -c -k "$dir/munge/munge.key"
	munged --key-file="$dir/munge/munge.key" --socket="$dir/munge/socket" \
	    --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
	    --seed-file="$dir/munge/munged.seed"

	# ssh: a host key a host, one key to log in with, a client configuration
	if [ ! -d /run/sshd ]; then
		mkdir -m 755 /run/sshd
		: > "$dir/run-sshd"
	fi
	ssh-keygen -q -t ed25519 -N '' -C cu-user -f "$dir/ssh/id"
	cp "$dir/ssh/id.pub" "$dir/ssh/authorized_keys"
	: > "$dir/ssh/known_hosts"
	: > "$dir/ssh/config"
	for i in $(seq "$n"); do
		ssh-keygen -q -t ed25519 -N '' -C "cu-h$i" -f "$dir/ssh/host-cu-h$i"
		echo "$net.1$i $(cut -d' ' -f1,2 "$dir/ssh/host-cu-h$i.pub")" >> "$dir/ssh/known_hosts"
		cat > "$dir/ssh/sshd-cu-h$i.conf" <<-EOF
		ListenAddress $net.1$i
		HostKey $dir/ssh/host-cu-h$i
		PidFile $dir/ssh/sshd-cu-h$i.pid
		AuthorizedKeysFile $dir/ssh/authorized_keys
		PermitRootLogin prohibit-password
		PasswordAuthentication no
		KbdInteractiveAuthentication no
		UsePAM no
		StrictModes no
		PrintMotd no
		MaxStartups 64
		MaxSessions 64
		SetEnv SHLVL=1
		EOF
		nsenter --net="/run/netns/cu-h$i" /usr/sbin/sshd -f "$dir/ssh/sshd-cu-h$i.conf" \
		    -E "$dir/ssh/sshd-cu-h$i.log"
		printf 'Host cu-h%s\n  HostName %s\n' "$i" "$net.1$i" >> "$dir/ssh/config"
	done
	cat >> "$dir/ssh/config" <<-EOF
	Host cu-h*
	  User $(id -un)
	  IdentityFile $dir/ssh/id
	  IdentitiesOnly yes
	  UserKnownHostsFile $dir/ssh/known_hosts
	  StrictHostKeyChecking yes
	  BatchMode yes
	  ConnectTimeout 10
	  LogLevel ERROR
	EOF

	# slurm: the controller on the first host, a slurmd on each.  The
	# controller's name must be this machine's short name (the hosts share
	# it), its address the first host's.
	me=$(uname -n)
	me=${me%%.*}
	hosts=""
	for i in $(seq "$n"); do hosts="$hosts${hosts:+,}1/cu-h$i"; done
	{
		cat <<-EOF
		ClusterName=cu
		SlurmctldHost=$me($net.11)
		SlurmctldPort=6817
		SlurmdPort=6818
		AuthType=auth/munge
		CredType=cred/munge
		AuthInfo=socket=$dir/munge/socket
		SlurmUser=$(id -un)
		SlurmdUser=$(id -un)
		StateSaveLocation=$dir/slurm/state
		SlurmdSpoolDir=$dir/slurm/spool-%n
		SlurmctldPidFile=$dir/slurm/slurmctld.pid
		SlurmdPidFile=$dir/slurm/slurmd-%n.pid
		SlurmctldLogFile=$dir/slurm/slurmctld.log
		SlurmdLogFile=$dir/slurm/slurmd-%n.log
		ProctrackType=proctrack/pgid
		TaskPlugin=task/none
		SelectType=select/linear
		SwitchType=switch/none
		MpiDefault=none
		JobAcctGatherType=jobacct_gather/none
		AccountingStorageType=accounting_storage/none
		JobCompType=jobcomp/none
		SlurmdParameters=config_overrides
		ReturnToService=2
		MailProg=/bin/true
		KillWait=2
		MinJobAge=3600
		# start a job as soon as its dependency is met, not within 3 s
		SchedulerParameters=batch_sched_delay=0
		EOF
		for i in $(seq "$n"); do
			echo "NodeName=cu-h$i NodeAddr=$net.1$i CPUs=1 State=UNKNOWN"
		done
		part=""
		for i in $(seq "$n"); do
			part="$part${part:+,}cu-h$i"
			default=NO
			[ "$i" -lt "$n" ] || default=YES
			echo "PartitionName=cu$i Nodes=$part Default=$default MaxTime=INFINITE State=UP"
		done
	} > "$dir/slurm/slurm.conf"
	nsenter --net=/run/netns/cu-h1 slurmctld -f "$dir/slurm/slurm.conf"
	for i in $(seq "$n"); do
		mkdir -p "$dir/slurm/spool-cu-h$i"
		nsenter --net="/run/netns/cu-h$i" slurmd -f "$dir/slurm/slurm.conf" -N "cu-h$i"
	done

	cat > "$dir/env" <<-EOF
	SLURM_CONF=$dir/slurm/slurm.conf
	CU_HOSTS=$hosts
	CU_SSH='ssh -F $dir/ssh/config'
	export SLURM_CONF CU_HOSTS CU_SSH
	EOF
	SLURM_CONF=$dir/slurm/slurm.conf
	export SLURM_CONF
	for i in $(seq "$n"); do
		wait_for 20 "ssh to cu-h$i" ssh -F "$dir/ssh/config" "cu-h$i" true
	done
	wait_for 30 "slurm nodes idle" sh -c \
	    '[ "$(sinfo -h -p "cu$1" -t idle -o %D)" = "$1" ]' - "$n"
}

case $cmd in
up)
	shift 2
	[ $# -le 2 ] || usage
	# a half-made cluster is taken down again
	trap 'st=$?; [ "$st" -eq 0 ] || { down; exit "$st"; }' EXIT
	up "$@"
	trap - EXIT
	;;
down)
	[ $# -eq 2 ] || usage
	down
	;;
*)	usage ;;
esac
