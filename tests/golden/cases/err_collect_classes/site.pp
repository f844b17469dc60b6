# Classes are not resources a collector can find.
class app {}
include app
Class <| title == "app" |>
