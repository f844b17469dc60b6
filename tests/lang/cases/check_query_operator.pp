User <| uid > 100 |>
