module brudno

go 1.22

require (
	github.com/dylhunn/dragontoothmg v0.0.0-20220917014754-e79413b50d93
	github.com/notnil/chess v1.10.0
)
