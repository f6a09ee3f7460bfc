"""The referee, pure: a situation in, a ruling out."""
