// placeholder entry, replaced by the server issue

