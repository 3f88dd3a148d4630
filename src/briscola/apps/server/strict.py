"""Strict field types for the HTTP bodies: a JSON boolean is ``true`` or ``false`` only, a whole
number is a JSON number without a fraction, and a person's text has no control character, each
said in the OpenAPI document as the server checks it.

>>> from pydantic import TypeAdapter, ValidationError
>>> def read(kind, text):
...     try:
...         return TypeAdapter(kind).validate_json(text)
...     except ValidationError as exc:
...         return exc.errors()[0]["type"]
>>> [read(WholeNumber, t) for t in ("12", "12.0", "12.5", "true", '"12"')]
[12, 12, 'int_type', 'int_type', 'int_type']
>>> [read(Flag, t) for t in ("true", "0", '"yes"')]
[True, 'bool_type', 'bool_type']
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator, StrictBool, StrictInt

__all__ = ["NO_CONTROL", "Flag", "WholeNumber", "whole"]


def whole(value: Any) -> Any:
    """A JSON number without a fraction (``3.0``, an integer for JSON Schema) as that integer;
    anything else unchanged, for the strict check that follows (``true``, ``"3"``, ``3.5`` are
    refused)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


WholeNumber = Annotated[StrictInt, BeforeValidator(whole)]
"""A JSON integer (``3`` or ``3.0``); never a boolean, a text or a fraction. With bounds, put
them before the validator, so that the document says them as ``minimum`` and ``maximum``:
``Annotated[StrictInt, Field(ge=0), BeforeValidator(whole)]``."""

Flag = StrictBool
"""A JSON boolean, ``true`` or ``false``; never ``0``, ``1`` or ``"yes"``."""

NO_CONTROL = r"^[^\u0000-\u001f\u007f-\u009f]*$"
"""A text without a control character (Unicode category Cc: a NUL, a line break, U+0080-U+009F),
as the OpenAPI document says it (:func:`briscola.apps.server.schemas.printable` checks it with a
clear message)."""
