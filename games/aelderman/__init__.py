"""Aelderman (short version with missions, main version with the election, 2-player setups and
solo against the dummy): the rules engine. See spec.py for the protocol."""

from games.aelderman.spec import SPEC, AeldermanSpec, Options

__all__ = ["SPEC", "AeldermanSpec", "Options"]
