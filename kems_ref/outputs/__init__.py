"""For people and for scripts: rulings, comparisons, checklists, convention sheets."""
