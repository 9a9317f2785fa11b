// The tablet page: built in issue 14.
