%{RBX}D{19991225}L{Timbuktu}E{Teams}F{I}S{F:1}K{Duck:Fox}N{Bob+Ed:Tom+Joe}B{7}H{W:AK2}A{SB:1HP5H^1A}1{nuts}C{5H:S}{Ed quit!}
