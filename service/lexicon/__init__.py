"""Lexicons in the data folder (``library``): a word list read, compiled once and kept; a compiled one
loaded.

May import: domain
"""
