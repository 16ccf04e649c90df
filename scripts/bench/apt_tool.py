"""A tool a bench row needs, installed with apt-get when it is missing and the bench may install
it (as root, or through sudo that asks no password)."""

import os
import shutil
import subprocess


def apt_tool(name, log):
    """`name`'s path: installed from apt when missing and allowed, else None."""
    found = shutil.which(name)
    if found:
        return found
    prefix = [] if os.geteuid() == 0 else (["sudo", "-n"] if shutil.which("sudo") else None)
    if prefix is None:
        return None
    log(f"installing {name} with apt-get")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    install = prefix + ["apt-get", "install", "-y", "-qq", name]
    if subprocess.run(install, capture_output=True, env=env).returncode != 0:
        subprocess.run(prefix + ["apt-get", "update", "-qq"], capture_output=True, env=env)
        subprocess.run(install, capture_output=True, env=env)
    return shutil.which(name)
