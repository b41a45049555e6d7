"""The verbs of `senet`: one module each under services/cli/verbs/, every one listed once in
`VERBS` (the order of `senet --help`), each with its name, `register` and `run`."""

from __future__ import annotations

import argparse
import pkgutil

from services.cli import verbs
from services.cli.main import VERBS, build_parser


def test_every_verb_module_is_listed_once_with_its_name_register_and_run() -> None:
    modules = {info.name for info in pkgutil.iter_modules(verbs.__path__)}
    assert sorted(verb.__name__.rsplit(".", 1)[1] for verb in VERBS) == sorted(modules)
    for verb in VERBS:
        assert isinstance(verb.VERB, str) and callable(verb.register) and callable(verb.run)
    subparsers = next(
        action
        for action in build_parser({})._actions
        if isinstance(action, argparse._SubParsersAction)
    )
    assert list(subparsers.choices) == [verb.VERB for verb in VERBS]
