"""What a convention is and how it is read: the rule-point catalogue, the format, the loader."""
