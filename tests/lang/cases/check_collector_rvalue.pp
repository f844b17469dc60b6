$users = User <| |>
