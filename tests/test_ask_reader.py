"""The reader of table talk: each story gives exactly this situation (tests/data/ask/stories.yaml)."""

import os

import pytest
import yaml

from kems_ref.ask.reader import read

HERE = os.path.dirname(__file__)
with open(os.path.join(HERE, "data", "ask", "stories.yaml"), encoding="utf-8") as f:
    STORIES = yaml.safe_load(f)


@pytest.mark.parametrize("case", STORIES, ids=[c["story"][:60] for c in STORIES])
def test_the_story_is_read_as_the_table_means_it(case):
    reading = read(case["story"])
    assert reading.event == case["event"]
    assert reading.convention == case.get("convention")
    assert reading.options == case["options"]
    assert reading.unknown == case.get("unknown", [])
    assert reading.doubt is None
