#!/usr/bin/env bash
# Makes the base image that Dockerfile.jvm names (eclipse-temurin:21-jre) available to podman
# where no container registry is reachable: a stand-in built from Debian's packages with
# debootstrap (needs root), imported and tagged with that name. Cached on this machine: a
# tarball under $SUBMISSION_IMAGE_CACHE (default ~/.cache/submission-support/images), keyed by
# the package set, so only the first run on a machine pays for debootstrap (~2.5 min).
# Does nothing when the image already exists. Exit status 2: the image cannot be made here
# (no debootstrap, or not root). Usage: deploy/containers/stand-in-base.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$here/containers.conf}"
name="${BASE_IMAGE:-docker.io/library/eclipse-temurin:21-jre}"
suite=bookworm
packages=openjdk-17-jre-headless,ca-certificates
key="$(printf '%s %s v1' "$suite" "$packages" | sha256sum | cut -c1-16)"
cache="${SUBMISSION_IMAGE_CACHE:-${HOME}/.cache/submission-support/images}"
tarball="$cache/stand-in-base-$key.tar"

if podman image exists "$name"; then
  label="$(podman image inspect --format '{{json .Labels}}' "$name")"
  case "$label" in
    *"\"submission.stand-in\":\"$key\""*) echo "base image $name: the stand-in $key"; exit 0 ;;
    *submission.stand-in*) echo "base image $name: an older stand-in, replaced" ;;
    *) echo "base image $name: present (not a stand-in), used as it is"; exit 0 ;;
  esac
fi
if [ ! -s "$tarball" ]; then
  command -v debootstrap >/dev/null || { echo "debootstrap is not installed (apt-get install -y debootstrap)" >&2; exit 2; }
  [ "$(id -u)" = 0 ] || { echo "debootstrap needs root: run deploy/containers/stand-in-base.sh as root once" >&2; exit 2; }
  mkdir -p "$cache"
  root="$(mktemp -d)"
  trap 'rm -rf "$root"' EXIT
  echo "building the stand-in base image with debootstrap ($suite: $packages), a few minutes the first time"
  debootstrap --variant=minbase --include="$packages" "$suite" "$root" >"$cache/debootstrap-$key.log" 2>&1 \
    || { tail -20 "$cache/debootstrap-$key.log" >&2; exit 1; }
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
  tar -C "$root" -cf "$tarball.part" . && mv "$tarball.part" "$tarball"
fi
podman import --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "LABEL submission.stand-in=$key" "$tarball" "$name" >/dev/null
echo "base image $name imported from $tarball"
