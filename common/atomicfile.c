#define _DEFAULT_SOURCE		/* mkstemp, fchmod, flock */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomicfile.h"
#include "xalloc.h"

int
atomicfile_lock(const char *path, bool wait)
{
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666), e;

	if (fd < 0)
		return -1;
	while (flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) < 0) {
		if (errno == EINTR)
			continue;
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

/* The temporary file, for the signal handler to remove. */
static char *volatile tmp_path;
static const int cleanup_signals[] = { SIGHUP, SIGINT, SIGTERM };

static void
cleanup(int sig)
{
	if (tmp_path != NULL)
		unlink(tmp_path);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
catch_signals(struct sigaction old[3])
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = cleanup;
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < 3; i++) {
		sigaction(cleanup_signals[i], NULL, &old[i]);
		/* a signal the caller ignores stays ignored */
		if (old[i].sa_handler != SIG_IGN)
			sigaction(cleanup_signals[i], &sa, NULL);
	}
}

static void
restore_signals(const struct sigaction old[3])
{
	for (int i = 0; i < 3; i++)
		sigaction(cleanup_signals[i], &old[i], NULL);
}

/* The directory of path, open for fsync. */
static int
open_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir;
	int fd;

	if (slash == NULL)
		return open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (slash == path)
		return open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	dir = xmalloc((size_t)(slash - path) + 1);
	memcpy(dir, path, (size_t)(slash - path));
	dir[slash - path] = '\0';
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	free(dir);
	return fd;
}

static mode_t
new_mode(const char *path)
{
	struct stat st;
	mode_t mask;

	if (stat(path, &st) == 0)
		return st.st_mode & 07777;
	mask = umask(0);
	umask(mask);
	return 0666 & ~mask;
}

bool
atomicfile_replace(const char *path, bool (*writer)(int fd, void *ctx),
    void *ctx, const char **step)
{
	static const char suffix[] = ".tmp-XXXXXX";
	struct sigaction old[3];
	size_t n = strlen(path);
	char *tmp = xmalloc(n + sizeof suffix);
	int fd, dfd = -1, e;
	sigset_t block, prev;

	memcpy(tmp, path, n);
	memcpy(tmp + n, suffix, sizeof suffix);
	/* No signal between the file's creation and the handler knowing
	 * its name. */
	sigemptyset(&block);
	for (int i = 0; i < 3; i++)
		sigaddset(&block, cleanup_signals[i]);
	sigprocmask(SIG_BLOCK, &block, &prev);
	catch_signals(old);
	*step = "create a temporary file";
	fd = mkstemp(tmp);
	if (fd >= 0)
		tmp_path = tmp;
	sigprocmask(SIG_SETMASK, &prev, NULL);
	if (fd < 0)
		goto fail;
	*step = "write";
	if (fchmod(fd, new_mode(path)) < 0)
		goto fail;
	if (!writer(fd, ctx))
		goto fail;
	*step = "fsync";
	if (fsync(fd) < 0)
		goto fail;
	*step = "write";	/* NFS reports write errors at close */
	e = close(fd);
	fd = -1;
	if (e < 0)
		goto fail;
	*step = "rename";
	if (rename(tmp, path) < 0)
		goto fail;
	tmp_path = NULL;
	restore_signals(old);
	free(tmp);
	/* Until the directory is on disk, a power cut may undo the rename.
	 * Some file systems cannot sync a directory (EINVAL): nothing more
	 * can be done there. */
	*step = "fsync the directory";
	if ((dfd = open_dir(path)) < 0)
		return false;
	e = fsync(dfd) < 0 && errno != EINVAL ? errno : 0;
	close(dfd);
	errno = e;
	return e == 0;
fail:
	e = errno;
	if (fd >= 0)
		close(fd);
	if (tmp_path != NULL)
		unlink(tmp);
	tmp_path = NULL;
	restore_signals(old);
	free(tmp);
	errno = e;
	return false;
}
