"""numba's on-disk cache, made to notice edits in the other files a kernel calls.

numba keys a cached function on the modification time and size of *its own* source file only.
A kernel that calls (or inlines) jitted functions from another module keeps a stale machine-code
copy of them after that module is edited, until its own file changes. :func:`track_sources`
closes the gap: it walks the jitted functions a kernel refers to, recursively, adds the modules
of the package that those modules import (constants such as card values are frozen into the
machine code), and puts a digest of all these source files into the kernel's cache stamp, so an
edit anywhere in them makes the next run compile afresh. A module that reads a table at import
names its files in ``JIT_DATA`` (see :func:`_data_files`); their bytes count as source too.

Use it once per cached entry point, at the bottom of the module (after every jitted function it
names is defined)::

    track_sources(play_deals)

This reaches into one private attribute of numba's cache (the index file's source stamp). If a
numba release moves it, :func:`track_sources` raises instead of silently doing nothing, and
``tests/core/test_jitcache.py`` shows the failure.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
from functools import cache
from pathlib import Path
from types import CodeType, FunctionType, ModuleType
from typing import Any

from headcount_lab.core import coldstart, compiling

# every module with kernels imports this one, so its compiles all run with the collector paused
# and, when the CLI asked for it, say on the terminal that a first run is compiling
compiling.install_gc_pause()
coldstart.install()


def _is_dispatcher(obj: Any) -> bool:
    return hasattr(obj, "py_func") and hasattr(obj, "targetoptions")


def _names(code: CodeType) -> set[str]:
    """Global names a function's code (and code nested in it) refers to."""
    out = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, CodeType):
            out |= _names(const)
    return out


def _reached(dispatcher: Any) -> list[Any]:
    """``dispatcher`` and every jitted function it reaches through globals, recursively."""
    out: list[Any] = []
    todo = [dispatcher]
    seen: set[int] = set()
    while todo:
        d = todo.pop()
        if id(d) in seen:
            continue
        seen.add(id(d))
        out.append(d)
        py_func = d.py_func
        glb = py_func.__globals__
        names = _names(py_func.__code__)
        for name in names:
            obj = glb.get(name)
            if _is_dispatcher(obj):
                todo.append(obj)
            elif isinstance(obj, ModuleType):  # ``module.function`` inside the kernel
                todo += [a for n in names if _is_dispatcher(a := getattr(obj, n, None))]
    return out


def _jitted_reach(dispatcher: Any) -> set[str]:
    """Modules defining ``dispatcher`` and every jitted function it reaches through globals."""
    return {d.py_func.__module__ for d in _reached(dispatcher)}


@cache
def _module_file(name: str) -> Path | None:
    """Source file of module ``name`` without importing it (None if ``name`` is no module)."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, AttributeError, ValueError):
        return None
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return None
    return Path(spec.origin).resolve()


@cache
def _local_imports(module: str) -> frozenset[str]:
    """Modules of the same top-level package that ``module``'s source imports (anywhere in it,
    imported yet or not, so the answer does not depend on import order)."""
    top = module.partition(".")[0]
    path = _module_file(module)
    out: set[str] = set()
    if path is None:
        return frozenset()
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        out |= {n for n in names if n.partition(".")[0] == top and _module_file(n)}
    # this module puts nothing into machine code: importing it to stamp a module adds no source
    return frozenset(out - {__name__, f"{__name__}.track_module", f"{__name__}.track_sources"})


def source_files(dispatcher: Any) -> list[Path]:
    """The source files ``dispatcher``'s machine code can depend on, sorted: the modules of every
    jitted function it reaches (called or inlined), and the modules of its own package they
    import, transitively (constants such as card values are frozen into the machine code)."""
    todo = list(_jitted_reach(dispatcher))
    modules: set[str] = set()
    while todo:
        m = todo.pop()
        if m not in modules:
            modules.add(m)
            todo += _local_imports(m)
    files = {f for m in modules if (f := _module_file(m)) is not None}
    return sorted(files | {d for m in modules for d in _data_files(m)})


@cache
def _data_files(module: str) -> frozenset[Path]:
    """The data files ``module`` names in a top-level ``JIT_DATA = ("data/x.json", ...)`` (paths
    relative to its folder): tables it reads at import and its kernels freeze into machine code
    like constants, so their bytes count as source."""
    path = _module_file(module)
    if path is None:
        return frozenset()
    for node in ast.parse(path.read_bytes()).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "JIT_DATA" for t in node.targets
        ):
            names = ast.literal_eval(node.value)
            return frozenset((path.parent / n).resolve() for n in names)
    return frozenset()


def source_digest(dispatcher: Any) -> str:
    """sha256 over the contents of :func:`source_files` (names and bytes)."""
    return _files_digest(tuple(source_files(dispatcher)))


@cache
def _files_digest(paths: tuple[Path, ...]) -> str:
    # most dispatchers of a module reach the same files: read and hash each set once per process
    h = hashlib.sha256()
    for path in paths:
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()


#: dispatchers already stamped in this process (a second stamp would change the cache key)
_STAMPED: set[int] = set()


def track_sources(*dispatchers: Any) -> None:
    """Make each cached ``dispatcher``, and every cached jitted function it reaches, recompile
    when any source file it depends on changes, not only its own. An intermediate cached
    function counts too: a fresh entry point links the cached machine code of the functions it
    calls, so an unstamped callee in another module would keep a stale copy of code it inlined.
    Dispatchers without ``cache=True`` are left alone."""
    for d in dispatchers:
        if not _is_dispatcher(d):
            raise TypeError(f"{d!r} is not a numba dispatcher")
        for r in _reached(d):
            _stamp(r)


def _stamp(d: Any) -> None:
    if id(d) in _STAMPED:
        return
    if not _on_disk(d):
        return  # not cached: nothing can go stale
    cache_file = getattr(d._cache, "_cache_file", None)
    if cache_file is None or not hasattr(cache_file, "_source_stamp"):
        raise RuntimeError(
            "numba's cache layout changed (no _cache_file._source_stamp); "
            "update headcount_lab.core.jitcache"
        )
    cache_file._source_stamp = (cache_file._source_stamp, source_digest(d))
    _STAMPED.add(id(d))


def _on_disk(dispatcher: Any) -> bool:
    """Whether numba keeps ``dispatcher``'s machine code in its on-disk cache (``cache=True``)."""
    cache = getattr(dispatcher, "_cache", None)
    return cache is not None and type(cache).__name__ != "NullCache"


def rebind(fn: Any, name: str, **names: Any) -> Any:
    """A copy of the plain function ``fn`` named ``name`` whose globals ``names`` are bound to
    other objects (a bot set's decision functions, say): numba inlines a global function as it
    finds it, so each copy compiles its own bindings only, and the name gives each copy its
    own file in numba's on-disk cache. Jit the copy, then :func:`track_sources` it."""
    env = dict(fn.__globals__, **names)
    copy = FunctionType(fn.__code__, env, name, fn.__defaults__)
    copy.__qualname__ = name
    copy.__doc__ = fn.__doc__
    return copy


def rejit(fn: Any, name: str, options: dict[str, Any] | None = None, **names: Any) -> Any:
    """:func:`rebind`, jitted and :func:`track_sources`'d: ``fn`` is a plain function jitted
    with ``options``, or a jitted one, whose own options serve when ``options`` is None (its
    on-disk cache included: ``cache=True`` is not one of numba's target options, so a copy made
    from the target options alone compiled again in every process)."""
    from numba import njit

    if options is None:
        options = {k: v for k, v in fn.targetoptions.items() if k != "nopython"}  # njit's own
        if _on_disk(fn):
            options["cache"] = True
    jitted = njit(**options)(rebind(getattr(fn, "py_func", fn), name, **names))
    track_sources(jitted)
    return jitted


def track_module(namespace: dict[str, Any]) -> None:
    """:func:`track_sources` for every jitted function defined in the module whose globals are
    ``namespace``. Call it as ``track_module(globals())`` on the last line of every module with
    cached jitted functions (``tests/core/test_jitcache.py`` checks that each one does): a cached
    function that calls into another module is otherwise keyed on its own file alone, and an
    edit to the callee leaves it running old machine code."""
    name = namespace["__name__"]
    track_sources(*[f for f in list(namespace.values())
                    if _is_dispatcher(f) and f.py_func.__module__ == name])  # fmt: skip


def is_stamped(dispatcher: Any) -> bool:
    """Whether ``dispatcher``'s cache key includes its source digest (or it is not cached)."""
    return not _on_disk(dispatcher) or id(dispatcher) in _STAMPED
