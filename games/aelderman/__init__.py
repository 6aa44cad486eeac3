"""Aelderman (short version with missions): the rules engine. See spec.py for the protocol."""

from games.aelderman.spec import SPEC, AeldermanSpec, Options

__all__ = ["SPEC", "AeldermanSpec", "Options"]
