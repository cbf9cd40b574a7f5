"""``python -m headcount_lab``: the same program as the ``headcount-lab`` script, with the same
numba cache (kernels are cached next to their source files, whichever way they are run)."""

from headcount_lab.cli.app import main

if __name__ == "__main__":  # importing the module (a walk over the package) runs nothing
    main()
