#!/usr/bin/env bash
# Builds the production image from the Dockerfile and runs it, with podman and
# without a registry, then checks it (tests/deploy, vitest project `deploy`;
# arguments go to vitest). The official base image is not pulled: a stand-in
# is made on every run, Debian 13 by `debootstrap --variant=minbase` with
# Debian's Node.js 20 and npm and a `node` user (uid 1000) as in the official
# image, and passed to the build as the Dockerfile's NODE_IMAGE argument.
# Everything (root file system, image storage, podman's settings) lives in one
# scratch folder, removed at the end even when a step fails: nothing is kept
# between runs, every run starts cold, and the stand-in never meets another
# image storage.
#
# Run from the project folder as root: `bash scripts/docker-image-check.sh`
# (`npm run test:image`; CI's last step). Installs podman, runc and
# debootstrap from Debian when they are missing. DEBIAN_MIRROR overrides the
# mirror (default: the one apt uses).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
started_at=$SECONDS
step() { printf '\n--> %s  [%ss]\n' "$*" "$((SECONDS - started_at))"; }

scratch=$(mktemp -d "${TMPDIR:-/tmp}/showcase-image.XXXXXX")
export CONTAINERS_CONF="$scratch/containers.conf"
export CONTAINERS_STORAGE_CONF="$scratch/storage.conf"

cleanup() {
  local status=$?
  set +e
  if [[ -f "$CONTAINERS_STORAGE_CONF" ]] && command -v podman >/dev/null; then
    # Only the scratch storage: CONTAINERS_STORAGE_CONF points there.
    podman rm --all --force --volumes --time 0 >/dev/null 2>&1
    podman image rm --all --force >/dev/null 2>&1
  fi
  # Overlay mounts an interrupted build may leave behind.
  findmnt -rn -o TARGET | grep -F "$scratch/" | sort -r | xargs -r umount -l 2>/dev/null
  rm -rf "$scratch"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The first Debian archive (not security, not a snapshot comment) apt reads from.
debian_mirror() {
  if [[ -n "${DEBIAN_MIRROR:-}" ]]; then
    printf '%s\n' "$DEBIAN_MIRROR"
    return
  fi
  local mirror
  mirror=$(shopt -s nullglob; cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null \
    | grep -v '^[[:space:]]*#' | grep -oE 'https?://[^[:space:]]+/debian/?([[:space:]]|$)' | head -n 1 | tr -d '[:space:]' || true)
  printf '%s\n' "${mirror:-http://deb.debian.org/debian}"
}

# podman's settings and image storage, in the scratch folder. runc rather
# than crun, whose setrlimit fails where the process may not raise its own
# limits; and limits the container may take without CAP_SYS_RESOURCE
# (podman would otherwise ask for more than the machine grants).
nofile=$(ulimit -Hn)
nproc=$(ulimit -Hu)
[[ $nofile == unlimited || $nofile -gt 16384 ]] && nofile=16384
[[ $nproc == unlimited || $nproc -gt 32768 ]] && nproc=32768
mkdir -p "$scratch/storage" "$scratch/run" "$scratch/tmp"
cat >"$CONTAINERS_CONF" <<EOF
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=$nproc:$nproc"]

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
tmp_dir = "$scratch/tmp"
EOF
cat >"$CONTAINERS_STORAGE_CONF" <<EOF
[storage]
driver = "overlay"
graphroot = "$scratch/storage"
runroot = "$scratch/run"
EOF

step 'podman, runc, debootstrap'
if command -v podman >/dev/null && command -v runc >/dev/null && command -v debootstrap >/dev/null; then
  echo "Already installed: $(podman --version), $(runc --version | head -n 1)"
else
  apt_log="$scratch/apt.log"
  { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends podman runc debootstrap; } \
    >"$apt_log" 2>&1 || { tail -n 40 "$apt_log" >&2; exit 1; }
  echo "Installed: $(podman --version)"
fi

mirror=$(debian_mirror)
step "Stand-in base: debootstrap --variant=minbase trixie from $mirror"
debootstrap_log="$scratch/debootstrap.log"
debootstrap --variant=minbase trixie "$scratch/rootfs" "$mirror" >"$debootstrap_log" 2>&1 \
  || { tail -n 40 "$debootstrap_log" >&2; tail -n 40 "$scratch/rootfs/debootstrap/debootstrap.log" >&2 2>/dev/null; exit 1; }
tar -C "$scratch/rootfs" -c . | podman import --quiet - localhost/showcase-debian-minbase:trixie >/dev/null
rm -rf "$scratch/rootfs"

step 'Stand-in base: Node.js and npm from Debian, the node user'
mkdir -p "$scratch/stand-in"
# The official image has the Node.js headers (native modules build against
# them) and a node user and group with the ids 1000.
cat >"$scratch/stand-in/Containerfile" <<'EOF'
FROM localhost/showcase-debian-minbase:trixie
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nodejs npm libnode-dev \
  && rm -rf /var/lib/apt/lists/* \
  && groupadd --gid 1000 node \
  && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
CMD ["node"]
EOF
stand_in=localhost/showcase-node-stand-in:trixie
podman build --quiet --pull=never --format docker -t "$stand_in" "$scratch/stand-in" >/dev/null
echo "Node.js $(podman run --rm "$stand_in" node --version), npm $(podman run --rm "$stand_in" npm --version)"
# The Dockerfile's base is an argument: the official image unless told otherwise.
export IMAGE_BUILD_ARGS="NODE_IMAGE=$stand_in"

# npm ci inside the build reaches the registry as this machine's npm does: its
# settings, and its CA bundle, in a folder mounted as /root (npm's home in the
# build steps) for the build only. Over a folder every base image has, the
# mount leaves nothing behind in a layer, not even an empty mount point.
build_home="$scratch/build-home"
mkdir -m 700 "$build_home"
cafile=$(npm config get cafile)
for file in "$(npm config get globalconfig)" "$(npm config get userconfig)"; do
  [[ -f "$file" ]] || continue
  # The CA bundle is named below by its path in the build.
  grep -v -E '^[[:space:]]*cafile[[:space:]]*=' "$file" >>"$build_home/.npmrc" || true
done
touch "$build_home/.npmrc"
if [[ -f "$cafile" ]]; then
  cp "$cafile" "$build_home/npm-ca.pem"
  echo 'cafile=/root/npm-ca.pem' >>"$build_home/.npmrc"
  echo "npm in the build: this machine's settings and CA bundle ($cafile)"
else
  echo "npm in the build: this machine's settings"
fi
export IMAGE_BUILD_VOLUMES="$build_home:/root"

step 'The image: tests/deploy (build from the Dockerfile, run, check)'
npx vitest run --project deploy "$@"
