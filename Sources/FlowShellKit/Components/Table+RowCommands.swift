extension Table {
    /// The commands a table's rows stand for, for a View where a person picks a row rather than
    /// typing: each row opens ``opens`` (the browser makes the row a button) and offers each of
    /// ``offers`` (a button on the row), run with the row's cell in ``column`` as the command's
    /// one argument — the line a person would type at the prompt, `select rio`.
    ///
    /// A View offers a row's command only while the screen has that command, and, when the
    /// command's argument lists its values, only for a cell among them: a booking that is over
    /// offers no `cancel`, since `cancel` lists the codes it takes. The terminal shows the table
    /// as before, and the person types the command.
    ///
    /// ```swift
    /// Table(columns: [Table.Column("ID"), Table.Column("Car").shrinking()], rows: cars.map { [$0.id, $0.name] })
    ///     .rowsOpen("select")                  // a row runs `select ID`
    /// ```
    public struct RowCommands: Sendable, Equatable {
        /// The column whose cell is the commands' argument (0: the first).
        public var column: Int
        /// The command a row opens when picked, if any.
        public var opens: String?
        /// The commands each row offers beside it.
        public var offers: [String]

        /// Rows that open `opens` and offer `offers`, each with the cell in `column`.
        public init(column: Int = 0, opens: String? = nil, offers: [String] = []) {
            self.column = column
            self.opens = opens
            self.offers = offers
        }
    }

    /// This table, each of its rows opening `command` with its cell in `column` (the car list:
    /// a row opens `select` with the car's id).
    public func rowsOpen(_ command: String, withColumn column: Int = 0) -> Table {
        var table = self
        var commands = rowCommands ?? RowCommands(column: column)
        commands.column = column
        commands.opens = command
        table.rowCommands = commands
        return table
    }

    /// This table, each of its rows offering `commands` with its cell in `column` (My bookings:
    /// a row offers `cancel` with the booking's code). With ``rowsOpen(_:withColumn:)``, both
    /// take the same column.
    public func rowsOffer(_ commands: String..., withColumn column: Int = 0) -> Table {
        var table = self
        var rowCommands = self.rowCommands ?? RowCommands(column: column)
        rowCommands.column = column
        rowCommands.offers += commands
        table.rowCommands = rowCommands
        return table
    }
}
