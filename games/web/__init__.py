"""The pages: views, presenters, forms, middleware, My games, player pages and the rules pages."""
