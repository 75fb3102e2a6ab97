#!/usr/bin/env bash
# Makes a base image that a Dockerfile.jvm names available to podman where no container registry
# is reachable: a stand-in built with debootstrap (needs root) from Debian's packages, imported
# and tagged with that name.
#   eclipse-temurin:21-jre (default)  Debian minbase with Debian's openjdk-17-jre-headless
#   eclipse-temurin:25-jre            Debian minbase with this machine's Temurin 25 copied to
#                                     /opt/java/openjdk, as in the real image ($SUBMISSION_TEMURIN_25,
#                                     default /usr/lib/jvm/temurin-25-jdk-amd64; not in Debian's packages)
# Cached on this machine: the debootstrap tarball under $SUBMISSION_IMAGE_CACHE (default
# ~/.cache/submission-support/images), keyed by the package set, so only the first run on a
# machine pays for debootstrap (~2.5 min), and the image in podman's store, labelled with that
# key (and Temurin's version), so a changed package set or JDK replaces it.
# Does nothing when the image already exists. Exit status 2: the image cannot be made here (no
# debootstrap, not root, or no Temurin 25).
# Usage: deploy/containers/stand-in-base.sh [eclipse-temurin:21-jre | eclipse-temurin:25-jre]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$here/containers.conf}"
base="${1:-eclipse-temurin:21-jre}"
name="docker.io/library/$base"
suite=bookworm
jdk=""
case "$base" in
  eclipse-temurin:21-jre) packages=openjdk-17-jre-headless,ca-certificates ;;
  eclipse-temurin:25-jre)
    packages=ca-certificates
    jdk="${SUBMISSION_TEMURIN_25:-/usr/lib/jvm/temurin-25-jdk-amd64}"
    if [ ! -x "$jdk/bin/java" ] || ! grep -q '^JAVA_VERSION="25' "$jdk/release" 2>/dev/null; then
      echo "Temurin 25 is not installed at $jdk (SUBMISSION_TEMURIN_25 names another folder)" >&2; exit 2
    fi ;;
  *) echo "no stand-in for $base (eclipse-temurin:21-jre or eclipse-temurin:25-jre)" >&2; exit 1 ;;
esac
rootfs="$(printf '%s %s v1' "$suite" "$packages" | sha256sum | cut -c1-16)"
key="$rootfs"
if [ -n "$jdk" ]; then
  key="$(printf '%s %s' "$rootfs" "$(grep '^IMPLEMENTOR_VERSION=' "$jdk/release")" | sha256sum | cut -c1-16)"
fi
cache="${SUBMISSION_IMAGE_CACHE:-${HOME}/.cache/submission-support/images}"
tarball="$cache/stand-in-base-$rootfs.tar"

if podman image exists "$name"; then
  label="$(podman image inspect --format '{{json .Labels}}' "$name")"
  case "$label" in
    *"\"submission.stand-in\":\"$key\""*) echo "base image $name: the stand-in $key"; exit 0 ;;
    *submission.stand-in*) echo "base image $name: an older stand-in, replaced" ;;
    *) echo "base image $name: present (not a stand-in), used as it is"; exit 0 ;;
  esac
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ ! -s "$tarball" ]; then
  command -v debootstrap >/dev/null || { echo "debootstrap is not installed (apt-get install -y debootstrap)" >&2; exit 2; }
  [ "$(id -u)" = 0 ] || { echo "debootstrap needs root: run deploy/containers/stand-in-base.sh as root once" >&2; exit 2; }
  mkdir -p "$cache"
  echo "building the stand-in base image with debootstrap ($suite: $packages), a few minutes the first time"
  debootstrap --variant=minbase --include="$packages" "$suite" "$work/root" >"$cache/debootstrap-$rootfs.log" 2>&1 \
    || { tail -20 "$cache/debootstrap-$rootfs.log" >&2; exit 1; }
  rm -rf "$work"/root/var/cache/apt/archives/*.deb "$work"/root/var/lib/apt/lists/*
  tar -C "$work/root" -cf "$tarball.part" . && mv "$tarball.part" "$tarball"
  rm -rf "$work/root"
fi
changes=(--change "LABEL submission.stand-in=$key")
image="$tarball"
if [ -n "$jdk" ]; then
  # the JDK as Temurin's JRE image has it: JAVA_HOME=/opt/java/openjdk, without the sources,
  # headers and javac's symbol file, which a service never reads
  mkdir -p "$work/add/opt/java"
  cp -a "$jdk" "$work/add/opt/java/openjdk"
  rm -rf "$work"/add/opt/java/openjdk/{include,man,lib/src.zip,lib/ct.sym}
  image="$work/base.tar"
  cp "$tarball" "$image"
  tar -C "$work/add" -rf "$image" opt/java
  changes+=(--change 'ENV JAVA_HOME=/opt/java/openjdk'
            --change 'ENV PATH=/opt/java/openjdk/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin')
else
  changes+=(--change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin')
fi
podman import "${changes[@]}" "$image" "$name" >/dev/null
echo "base image $name imported from $tarball${jdk:+ with $jdk}"
