"""SIGTERM and SIGHUP become a KeyboardInterrupt that knows its signal, only while asked."""

import os
import signal

import pytest

from headcount_lab.core import interrupts

pytestmark = pytest.mark.usefixtures("signals_as_a_terminal_run_has_them")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_signal_raises_terminated_with_its_number(sig):
    with pytest.raises(KeyboardInterrupt) as info, interrupts.signals_as_interrupts():
        os.kill(os.getpid(), sig)
        for _ in range(1000):  # the handler runs at a bytecode boundary
            pass
    assert isinstance(info.value, interrupts.Terminated)
    assert interrupts.signum_of(info.value) == sig
    assert interrupts.exit_status(sig) == 128 + sig


def test_handlers_are_restored_and_ctrl_c_stays_sigint():
    before = signal.getsignal(signal.SIGTERM)
    with interrupts.signals_as_interrupts():
        assert signal.getsignal(signal.SIGTERM) is not before
    assert signal.getsignal(signal.SIGTERM) is before
    assert interrupts.signum_of(KeyboardInterrupt()) == signal.SIGINT
    assert interrupts.exit_status(signal.SIGINT) == 130
    assert interrupts.signal_name(signal.SIGTERM) == "SIGTERM"


def test_an_ignored_hangup_stays_ignored():
    # Under nohup SIGHUP is ignored: closing the terminal must not stop the run.
    old = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        with interrupts.signals_as_interrupts():
            assert signal.getsignal(signal.SIGHUP) == signal.SIG_IGN
            assert signal.getsignal(signal.SIGTERM) == interrupts._raise
    finally:
        signal.signal(signal.SIGHUP, old)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_deferred_block_finishes_before_the_interrupt_arrives(sig):
    done = []
    with pytest.raises(KeyboardInterrupt), interrupts.signals_as_interrupts():
        with interrupts.deferred():
            os.kill(os.getpid(), sig)
            for _ in range(1000):  # a handler would run at one of these bytecode boundaries
                pass
            done.append(True)
        for _ in range(1000):
            pass
    assert done == [True]


def test_a_deferred_block_gives_the_handlers_back_and_sends_nothing_unasked():
    before = {s: signal.getsignal(s) for s in interrupts.INTERRUPTS}
    with interrupts.deferred():
        assert all(signal.getsignal(s) is not h for s, h in before.items())
    assert {s: signal.getsignal(s) for s in interrupts.INTERRUPTS} == before
