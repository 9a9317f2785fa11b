"""The comparison the rebuild and exactly-once tests rest on (``tests/projections/compare.py``) finds a difference."""

from __future__ import annotations

from tests.projections.compare import JsonText


def test_json_texts_compare_by_their_value_and_a_changed_value_is_a_difference():
    assert JsonText('{"a":1,"b":[2,3]}') == JsonText('{"b": [2, 3], "a": 1}')  # same value, other text
    assert JsonText('{"a":1}') != JsonText('{"a":2}')
    assert JsonText('[1,2]') != JsonText('[2,1]')
    assert [(7, JsonText('{"x":null}'))] != [(7, JsonText('{"x":0}'))]
    assert [(7, JsonText('{"x":null}'))] == [(7, JsonText('{"x": null}'))]
    assert JsonText("1") != 1  # a row's other values keep their types
